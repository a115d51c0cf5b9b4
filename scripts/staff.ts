// npm run staff -- create --email E --role R [--password-file F] [--new-database]
// Makes a staff account for the console (/admin) and prints the authenticator app's enrollment link.
// The password is typed at a hidden prompt, or read from a file (`-`: standard input), never taken
// from the command line, which npm echoes (ADR 13, round 4). Works on PostgreSQL (DATABASE_URL) and
// on the embedded database in DATA_DIR, and says which it used; it makes no new embedded database
// unless asked (`--new-database`): an account in a database the server does not read is no account.
// While the server holds the embedded database, the server makes the account (its command socket,
// server/modules/staff/staff-command.ts), so the demo need not be stopped.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { STAFF_ROLES } from '../common/staff.ts'
import { DatabaseBusyError, openDatabase } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { readEnv } from '../server/env.ts'
import { systemClock } from '../server/lib/clock.ts'
import { keptDeviceCookies } from '../server/lib/device-cookies.ts'
import { noSocketsHere } from '../server/lib/sessions-ended.ts'
import { createSitesService } from '../server/modules/sites/sites.service.ts'
import { createStaffService } from '../server/modules/staff/staff.service.ts'
import {
  runStaffCommand,
  type StaffCommand,
  type StaffCommandAnswer,
  sendStaffCommand,
} from '../server/modules/staff/staff-command.ts'
import { newSecret, secretFromFile } from './secret-input.ts'

const USAGE = `Usage: npm run staff -- create --email E --role ${STAFF_ROLES.join('|')} [--password-file F] [--new-database]
The password is asked for at a hidden prompt, or read from the file F (- reads standard input).`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    'password-file': { type: 'string' },
    'new-database': { type: 'boolean' },
    password: { type: 'string' },
  },
})
if (values.password !== undefined) {
  console.error(
    'A password on the command line is echoed by npm and kept in shell histories: leave --password out and type it at the prompt, or use --password-file.',
  )
  process.exit(2)
}
if (positionals[0] !== 'create' || !values.email || !values.role) {
  console.error(USAGE)
  process.exit(2)
}
const env = readEnv()
/** The database this command works on, named so that no one wonders where the account went. */
const where = env.DATABASE_URL
  ? (() => {
      const url = new URL(env.DATABASE_URL)
      return `PostgreSQL at ${url.host}${url.pathname}`
    })()
  : `the embedded database in ${path.join(env.DATA_DIR, 'pg')}`
if (!env.DATABASE_URL && !existsSync(path.join(env.DATA_DIR, 'pg')) && !values['new-database']) {
  console.error(
    `There is no embedded database in ${env.DATA_DIR}. Set DATA_DIR to the data directory of the server the account is for (the one npm start uses is ./data), or pass --new-database to make one here.`,
  )
  process.exit(1)
}
const password = values['password-file']
  ? secretFromFile(values['password-file'])
  : await newSecret('Password for the staff account (at least 12 characters)')
const command: StaffCommand = {
  command: 'create',
  email: values.email,
  role: values.role,
  password,
}

/** Runs the command on the database itself; null when the running server holds it. */
async function onTheDatabase(): Promise<StaffCommandAnswer | null> {
  let database: Awaited<ReturnType<typeof openDatabase>>
  try {
    database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      const answer = await sendStaffCommand(env.DATA_DIR, command)
      if (answer === null) {
        console.error(`${error.message} It takes no staff commands: stop it, then run this again.`)
        process.exit(1)
      }
      console.log(`The running server holds ${where}: it made the account.`)
      return answer
    }
    throw error
  }
  try {
    await database.migrate()
    await ensureReferenceData(database.db)
    return await runStaffCommand(
      createStaffService(database.db, {
        now: systemClock,
        sessionsEnded: noSocketsHere,
        devices: await keptDeviceCookies(await createSitesService(database.db, env)),
      }),
      command,
    )
  } finally {
    await database.close()
  }
}

const answer = await onTheDatabase()
if (answer?.ok) {
  console.log(`Staff account ${answer.email} (${answer.role}) created in ${where}.`)
  console.log('Log in at /admin/login; the first login shows this enrollment as a QR code too:')
  console.log(answer.otpauthUrl)
} else if (answer) {
  const messages: Record<string, string> = {
    'staff.email_invalid': 'That is not an e-mail address.',
    'staff.role_invalid': `The role must be one of: ${STAFF_ROLES.join(', ')}.`,
    'staff.password_short': `The password needs at least ${String(answer.values.min ?? 12)} characters.`,
    'staff.email_taken': 'A staff account with that e-mail address exists already.',
  }
  console.error(messages[answer.code] ?? answer.code)
  process.exitCode = 1
}
