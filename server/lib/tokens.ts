import { createHash, randomBytes } from 'node:crypto'

/** The stored form of a secret token: its SHA-256, so a leaked table opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A new random token (256 bits, URL-safe) and the hash to store. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}
