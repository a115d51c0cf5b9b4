import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { EMAIL_TYPES, type EmailType } from '#common/notifications.ts'

/**
 * The token of a mail's List-Unsubscribe link: the member, the mail type and an HMAC of both with a
 * key kept on the server. It needs no table, does not expire (a mail can be old when its reader
 * acts on it), and opens nothing but turning that one type off.
 */
export function unsubscribeTokens(key: Buffer) {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 18)
  return {
    make(userId: number, type: EmailType): string {
      const payload = `${userId}.${type}`
      return `${payload}.${sign(payload).toString('base64url')}`
    },
    read(token: string): { userId: number; type: EmailType } | null {
      const match = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{24})$/.exec(token)
      if (!match) return null
      const [, id, type, signature] = match
      const given = Buffer.from(signature, 'base64url')
      const expected = sign(`${id}.${type}`)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      if (!(EMAIL_TYPES as readonly string[]).includes(type)) return null
      return { userId: Number(id), type: type as EmailType }
    },
  }
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>

/** A new signing key (kept once in app_secrets). */
export function newSigningKey(): string {
  return randomBytes(32).toString('base64url')
}
