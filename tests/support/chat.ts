import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { multipartBody } from './multipart.ts'
import { memberRequest } from './requests.ts'

/** A member gives credits enough for a message and writes to another one; answers the conversation. */
export async function sendPaidMessage(
  app: FastifyInstance,
  from: { cookie: string; user: { id: number } },
  to: { user: { profile: { id: number } } },
  text = 'Hello there, how are you?',
): Promise<number> {
  await app.database.db.transaction((tx) =>
    changeCredits(tx, {
      userId: from.user.id,
      delta: 20,
      reason: 'test',
      reference: randomBytes(6).toString('hex'),
    }),
  )
  const res = await memberRequest(app, from, 'POST', '/api/message.php', {
    profile: to.user.profile.id,
    text,
    client_id: randomBytes(9).toString('base64url'),
  })
  if (res.statusCode !== 200) throw new Error(`message refused: ${res.body}`)
  return res.json().message.conversation as number
}

/** A message that carries a file (a photo, a voice note), through the one upload call of every such kind. */
export function sendFileMessage(
  app: FastifyInstance,
  from: { cookie: string },
  fields: Record<string, string>,
  file: { filename: string; contentType: string; data: Buffer },
  language = 'en',
) {
  const { body, contentType } = multipartBody(
    { client_id: randomBytes(9).toString('base64url'), text: '', ...fields },
    { field: 'photo', ...file },
  )
  return app.inject({
    method: 'POST',
    url: '/api/message-file.php',
    payload: body,
    headers: { cookie: from.cookie, 'content-type': contentType, 'accept-language': language },
  })
}
