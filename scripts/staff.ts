// npm run staff -- create --email E --role R --password P
// Makes a staff account for the console (/admin) and prints the authenticator app's enrollment link.
// Migrates first, so it works on a fresh data directory; on the embedded database it refuses while
// the server holds it (run it before `npm start`). Works on PostgreSQL with DATABASE_URL.
import { parseArgs } from 'node:util'
import { STAFF_ROLES } from '../common/staff.ts'
import { DatabaseBusyError, openDatabase } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { readEnv } from '../server/env.ts'
import { systemClock } from '../server/lib/clock.ts'
import { AppError } from '../server/lib/errors.ts'
import { createStaffService } from '../server/modules/staff/staff.service.ts'

const USAGE = `Usage: npm run staff -- create --email E --role ${STAFF_ROLES.join('|')} --password P`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
})
if (positionals[0] !== 'create' || !values.email || !values.role || !values.password) {
  console.error(USAGE)
  process.exit(2)
}

const env = readEnv()
let database: Awaited<ReturnType<typeof openDatabase>>
try {
  database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
} catch (error) {
  if (error instanceof DatabaseBusyError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
try {
  await database.migrate()
  await ensureReferenceData(database.db)
  const staff = createStaffService(database.db, { now: systemClock })
  const { staff: created, otpauthUrl } = await staff.create(
    { email: values.email, role: values.role, password: values.password },
    { staffId: null, email: 'command line', role: 'cli', ip: null },
  )
  console.log(`Staff account ${created.email} (${created.role}) created.`)
  console.log('Log in at /admin/login; the first login shows this enrollment as a QR code too:')
  console.log(otpauthUrl)
} catch (error) {
  if (error instanceof AppError) {
    const messages: Record<string, string> = {
      'staff.email_invalid': 'That is not an e-mail address.',
      'staff.role_invalid': `The role must be one of: ${STAFF_ROLES.join(', ')}.`,
      'staff.password_short': `The password needs at least ${String(error.values.min ?? 12)} characters.`,
      'staff.email_taken': 'A staff account with that e-mail address exists already.',
    }
    console.error(messages[error.code] ?? error.code)
    process.exitCode = 1
  } else throw error
} finally {
  await database.close()
}
