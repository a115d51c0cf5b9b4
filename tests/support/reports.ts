import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { activeMember } from './accounts.ts'
import { remote } from './staff.ts'

/** A member's report on a profile through the complaints call, as the report sheet files it; answers its id. */
export async function fileReport(
  app: FastifyInstance,
  profileId: number,
  complaint: { reason: string; message: string },
): Promise<number> {
  const reporter = await activeMember(app)
  const filed = await app.inject({
    method: 'POST',
    url: '/api/complaints.php',
    payload: { name: 'Reporter', email: reporter.email, ...complaint, profile: profileId },
    headers: { cookie: reporter.cookie },
    remoteAddress: remote(),
  })
  expect(filed.statusCode, filed.body).toBe(201)
  return filed.json().id as number
}
