// npm run staff -- create --email E --role R --password P
// Makes a staff account for the console (/admin) and prints the authenticator app's enrollment link.
// Works on PostgreSQL (DATABASE_URL) and on the embedded database, migrating a fresh data directory
// first; while the server holds the embedded database, the server makes the account (its command
// socket, server/modules/staff/staff-command.ts), so the demo need not be stopped.
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

const USAGE = `Usage: npm run staff -- create --email E --role ${STAFF_ROLES.join('|')} --password P`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
})
if (positionals[0] !== 'create' || !values.email || !values.role || !values.password) {
  console.error(USAGE)
  process.exit(2)
}
const command: StaffCommand = {
  command: 'create',
  email: values.email,
  role: values.role,
  password: values.password,
}

/** Runs the command on the database itself; null when the running server holds it. */
async function onTheDatabase(): Promise<StaffCommandAnswer | null> {
  const env = readEnv()
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
      console.log('The running server holds the embedded database: it made the account.')
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
  console.log(`Staff account ${answer.email} (${answer.role}) created.`)
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
