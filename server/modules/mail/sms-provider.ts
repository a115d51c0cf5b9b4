/** What sends a text message for real; without one, text messages stay in the SMS outbox. */
export interface SmsProvider {
  name: string
  /** Sends one message; answers the provider's id for it, or throws with the provider's reason. */
  send(message: { to: string; text: string }): Promise<{ id: string }>
}

/**
 * Twilio's Programmable Messaging REST API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * a form body (To, From, Body) and HTTP basic authentication with the account SID and auth token;
 * 201 answers the message (`sid`), an error answers `{ code, message, status }`. `From` is a number
 * or an alphanumeric sender id. The token never leaves this function (not in errors or logs).
 */
export function twilioSms(config: {
  accountSid: string
  authToken: string
  from: string
  /** https://api.twilio.com unless set (a local server in tests). */
  apiUrl?: string
}): SmsProvider {
  const base = (config.apiUrl ?? 'https://api.twilio.com').replace(/\/$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`
  return {
    name: 'twilio',
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: config.from, Body: text }),
        signal: AbortSignal.timeout(15_000),
      })
      const body = (await response.json().catch(() => null)) as {
        sid?: string
        code?: number
        message?: string
      } | null
      if (response.status !== 201 && response.status !== 200) {
        throw new Error(`twilio ${response.status}: ${body?.code ?? ''} ${body?.message ?? ''}`.trim())
      }
      if (!body?.sid) throw new Error(`twilio ${response.status}: no message sid in the answer`)
      return { id: body.sid }
    },
  }
}
