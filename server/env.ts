import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Streaming replicas that serve the reads (issue 62, ADR 39), their URLs comma-separated; without
   * them every read goes to DATABASE_URL.
   */
  DATABASE_READ_URLS: z.string().optional(),
  /** A replica behind by more than this many milliseconds is left out until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /** Seconds a message stays unread before its member is mailed about it (ADR 19). */
  NOTIFY_DELAY_S: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Mailgun's HTTP webhook signing key: bounces, complaints and unsubscribes (ADR 19). */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(1).optional(),
  MOLLIE_API_KEY: z.string().optional(),
  /** Mollie's API address (its default when unset; a local server in tests). */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  /** Twilio's account, token and sender (a number or an alphanumeric id): SMS for real (SMS=twilio). */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  /** Twilio's API address (its default when unset; a local server in tests). */
  TWILIO_API_URL: z.url().optional(),
  /**
   * The call relay (issue 59, ADR 37): coturn's address(es), comma-separated (`turn:turn.example.com:3478`),
   * and the secret it shares (`static-auth-secret`). Without both, production offers no calls; CALLS=local
   * offers them directly between browsers of one machine (the demo without coturn).
   */
  TURN_URL: z.string().optional(),
  TURN_SECRET: z.string().min(16).optional(),
  CALLS: z.enum(['relay', 'local', 'off']).optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** Header set by the edge proxy or CDN with the visitor's ISO country code. */
  GEOIP_HEADER: z.string().toLowerCase().default('cf-ipcountry'),
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed (ADR 13), as Fastify's trustProxy
   * takes them: false (none), a hop count (`1` behind one proxy; `true` means 1), or a list of
   * addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`). Never every hop: a client's own
   * X-Forwarded-For would then choose its address and defeat every per-address limit.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const v = value.trim().toLowerCase()
      if (v === 'false' || v === '0' || v === '') return false
      if (v === 'true') return 1
      if (/^\d{1,2}$/.test(v)) return Number(v)
      const list = v.split(',').map((s) => s.trim())
      const bad = list.find((entry) => {
        const [address, bits, more] = entry.split('/')
        const kind = isIP(address)
        if (kind === 0 || more !== undefined) return true
        return bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128))
      })
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is no hop count, address or CIDR range` })
        return z.NEVER
      }
      return list
    }),
  /** An S3-compatible bucket for photos, shared by every node: https://KEY:SECRET@host/bucket?region=… */
  S3_URL: z.url().optional(),
  /** The bearer token Prometheus scrapes GET /metrics with; without it, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: pino's JSON lines, one per request too (production, for the log pipeline). `text`: a
   * readable line per event and none per request (the demo: `npm start` without NODE_ENV).
   */
  LOG_FORMAT: z.enum(['json', 'text']).default('json'),
  /** Sign-ups allowed per hour from one address (raise it behind a shared address, or for tests). */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** A request (headers and body) not received within this many seconds is answered 408 and closed. */
  REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  /** The payment provider by name; in production the sandbox is used only when named (ADR 13). */
  PAYMENTS: z.enum(['sandbox', 'mollie']).optional(),
  /** The mail transport by name; in production the outbox (and /dev/mailbox) only when named. */
  MAIL: z.enum(['outbox', 'smtp']).optional(),
  /** The SMS provider by name: Twilio when its account is set, else the SMS outbox. */
  SMS: z.enum(['outbox', 'twilio']).optional(),
  SEED_MEMBERS: z.coerce.number().int().min(0).default(300),
  TEST_DB_KIND: z.enum(['pglite', 'postgres']).default('pglite'),
  TEST_DATABASE_URL: z.string().optional(),
  TEST_REDIS_URL: z.string().optional(),
  /** Cases per operation in the API fuzz suite (server/fuzz.test.ts); more for a long run. */
  FUZZ_RUNS: z.coerce.number().int().min(1).default(200),
})

export type Env = Omit<z.infer<typeof EnvSchema>, 'PAYMENTS' | 'MAIL' | 'SMS'> & {
  DATA_DIR: string
  PAYMENTS: 'sandbox' | 'mollie'
  MAIL: 'outbox' | 'smtp'
  SMS: 'outbox' | 'twilio'
  /** A production server on the sandbox provider or the outbox: every page says so. */
  STAGING: boolean
}

/**
 * Which provider and mail transport a server uses. Outside production the local defaults stand in
 * for what is not configured; in production a missing one stops the server with a line naming the
 * variable, so that a deployment cannot hand out free credits or show reset links to anyone.
 */
function chooseProviders(e: z.infer<typeof EnvSchema>): Pick<Env, 'PAYMENTS' | 'MAIL' | 'SMS' | 'STAGING'> {
  const production = e.NODE_ENV === 'production'
  const payments = e.PAYMENTS ?? (e.MOLLIE_API_KEY ? 'mollie' : production ? null : 'sandbox')
  if (!payments) {
    throw new Error(
      'MOLLIE_API_KEY is not set: a production server takes real payments (PAYMENTS=sandbox for a staging site)',
    )
  }
  if (payments === 'mollie' && !e.MOLLIE_API_KEY)
    throw new Error('MOLLIE_API_KEY is not set (PAYMENTS=mollie)')
  const mail = e.MAIL ?? (e.SMTP_URL ? 'smtp' : production ? null : 'outbox')
  if (!mail) {
    throw new Error(
      'SMTP_URL is not set: a production server sends real mail (MAIL=outbox for a staging site)',
    )
  }
  if (mail === 'smtp' && !e.SMTP_URL) throw new Error('SMTP_URL is not set (MAIL=smtp)')
  const sms = e.SMS ?? (e.TWILIO_ACCOUNT_SID ? 'twilio' : 'outbox')
  const twilioMissing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter(
    (name) => !e[name as keyof typeof e],
  )
  if (sms === 'twilio' && twilioMissing.length > 0)
    throw new Error(`${twilioMissing.join(', ')} not set (SMS=twilio)`)
  return {
    PAYMENTS: payments,
    MAIL: mail,
    SMS: sms,
    STAGING: production && (payments === 'sandbox' || mail === 'outbox'),
  }
}

/** Reads and validates the environment; the only place that touches process.env. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const data = parsed.data
  return {
    ...data,
    ...chooseProviders(data),
    // A development server's links (the mailbox's) point at the machine itself.
    PUBLIC_URL:
      data.PUBLIC_URL ?? (data.NODE_ENV === 'development' ? `http://localhost:${data.PORT}` : undefined),
    DATA_DIR: path.resolve(data.DATA_DIR),
  }
}

/** Whether the site's cookies are for HTTPS only: its public URL is https. */
export function secureCookies(env: Env): boolean {
  return env.PUBLIC_URL?.startsWith('https:') ?? false
}

/** How this server offers calls (issue 59): through the relay when configured, else as CALLS says or off. */
export function callsMode(env: Env) {
  if (env.CALLS !== 'local' && env.CALLS !== 'off' && env.TURN_URL && env.TURN_SECRET)
    return {
      transport: 'relay' as const,
      relay: { urls: env.TURN_URL.split(',').map((url) => url.trim()), secret: env.TURN_SECRET },
    }
  if (env.CALLS === 'relay') throw new Error('TURN_URL and TURN_SECRET are not set (CALLS=relay)')
  if (env.CALLS === 'local' || (env.CALLS === undefined && env.NODE_ENV !== 'production'))
    return { transport: 'local' as const }
  return { transport: 'off' as const }
}
