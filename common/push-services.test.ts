import { describe, expect, it } from 'vitest'
import { isPushServiceEndpoint } from './push-services.ts'

describe('push service endpoints', () => {
  it('takes the endpoints browsers give', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGh1bHR5',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true)
  })

  it('refuses any other host, port, scheme or credentials (issue 36, point 3)', () => {
    for (const endpoint of [
      'https://127.0.0.1:8443/push',
      'https://localhost:5432/',
      'https://[::1]:22/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.apple.com.example/x',
      'https://notify.windows.com.evil/x',
      'not a url',
    ])
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false)
  })
})
