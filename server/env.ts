import path from 'node:path'
import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MOLLIE_API_KEY: z.string().optional(),
  /** Mollie's API address (its default when unset; a local server in tests). */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** Header set by the edge proxy or CDN with the visitor's ISO country code. */
  GEOIP_HEADER: z.string().toLowerCase().default('cf-ipcountry'),
  /** Whether X-Forwarded-* headers from a reverse proxy in front of the app are trusted. */
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-ups allowed per hour from one address (raise it behind a shared address, or for tests). */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Serve /dev/mailbox even in production mode (end-to-end tests of the built app). */
  DEV_MAILBOX: z.stringbool().default(false),
  SEED_MEMBERS: z.coerce.number().int().min(0).default(300),
  TEST_DB_KIND: z.enum(['pglite', 'postgres']).default('pglite'),
  TEST_DATABASE_URL: z.string().optional(),
  TEST_REDIS_URL: z.string().optional(),
})

export type Env = z.infer<typeof EnvSchema> & { DATA_DIR: string }

/** Reads and validates the environment; the only place that touches process.env. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) }
}
