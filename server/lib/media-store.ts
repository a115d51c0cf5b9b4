import { createReadStream } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

/** A stored file as it is read back. */
export interface MediaFile {
  body: Readable
  size: number
  contentType: string
}

/**
 * Where photos live (profile photos, chat photos, generated portraits), by key: the path below
 * /media/ (`u/2026-11/<hex>.webp`, `c/…`, `demo/…`). The node's own directory by default; an
 * S3-compatible bucket shared by every node when `S3_URL` is set (ADR 22).
 */
export interface MediaStore {
  readonly kind: 'local' | 's3'
  /** The directory the files are in, when they are on this node's disk (served as static files). */
  readonly dir: string | null
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The file, or null when there is none. */
  get(key: string): Promise<MediaFile | null>
  has(key: string): Promise<boolean>
  /** Removes files; a file already gone is not an error. */
  remove(keys: string[]): Promise<void>
}

/** A key is a relative path of plain segments: no `..`, no leading slash, nothing odd. */
export function isMediaKey(key: string): boolean {
  return (
    /^[a-z0-9]+(\/[A-Za-z0-9._-]+)+$/.test(key) &&
    !key.split('/').some((part) => part === '..' || part === '.')
  )
}

function checked(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`)
  return key
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  zip: 'application/zip',
}
const typeOf = (key: string) => TYPES[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream'

/** Files in a directory of this node (DATA_DIR/media): the default, one node. */
export function localMediaStore(dir: string): MediaStore {
  const fileOf = (key: string) => path.join(dir, checked(key))
  return {
    kind: 'local',
    dir,
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body)
    },
    async get(key) {
      if (!isMediaKey(key)) return null
      const file = fileOf(key)
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : null),
        () => null,
      )
      return size === null ? null : { body: createReadStream(file), size, contentType: typeOf(key) }
    },
    async has(key) {
      return stat(fileOf(key)).then(
        (s) => s.isFile(),
        () => false,
      )
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))
    },
  }
}

/**
 * `S3_URL` read as `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=…`: the endpoint
 * (any S3-compatible store; addressed by path, which every such store serves), the keys, the
 * bucket and an optional folder in it.
 */
export function parseS3Url(url: string) {
  const parsed = new URL(url)
  const [bucket, ...folder] = parsed.pathname.split('/').filter(Boolean)
  if (!bucket || !parsed.username)
    throw new Error('S3_URL needs keys and a bucket: https://KEY:SECRET@host/bucket')
  return {
    endpoint: `${parsed.protocol}//${parsed.host}`,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
    bucket,
    prefix: folder.length > 0 ? `${folder.join('/')}/` : '',
  }
}

/** A client of the S3-compatible store an `S3_URL` names. */
export function s3ClientOf(config: ReturnType<typeof parseS3Url>): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  })
}

/** Files in an S3-compatible bucket: every node reads and writes the same ones. */
function s3MediaStore(url: string): MediaStore {
  const config = parseS3Url(url)
  const client = s3ClientOf(config)
  const Bucket = config.bucket
  const objectKey = (key: string) => config.prefix + checked(key)
  const missing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
  }
  return {
    kind: 's3',
    dir: null,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      )
    },
    async get(key) {
      if (!isMediaKey(key)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }))
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? typeOf(key),
        }
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))
        return true
      } catch (error) {
        if (missing(error)) return false
        throw error
      }
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: objectKey(key) }))
        if (Objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }))
      }
    },
  }
}

/** The media store the environment names: S3 when `S3_URL` is set, else `dataDir/media`. */
export function openMediaStore(env: { S3_URL?: string; DATA_DIR: string }): MediaStore {
  return env.S3_URL ? s3MediaStore(env.S3_URL) : localMediaStore(path.join(env.DATA_DIR, 'media'))
}

/** The first folders of the keys that /media/ serves to anyone (profile photos, demo portraits). */
export const PUBLIC_MEDIA_FOLDERS = ['u', 'demo'] as const

/**
 * Files no one reaches by a URL of their own (members' data exports, `exports/<hex>.zip`): the node's
 * DATA_DIR, never served, or a folder `private/` in the S3 bucket, which /media/ does not serve either
 * (ADR 22). Every node reads what another wrote.
 */
export function openPrivateStore(env: { S3_URL?: string; DATA_DIR: string }): MediaStore {
  if (!env.S3_URL) return localMediaStore(env.DATA_DIR)
  const url = new URL(env.S3_URL)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/private`
  return s3MediaStore(url.toString())
}
