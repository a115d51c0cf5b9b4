import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { photos } from '#server/db/schema/members.ts'
import { activeMember } from './accounts.ts'
import { type CropOptions, type FACES, faceImage, tiltedPrint } from './faces.ts'
import { multipartBody, multipartFile } from './multipart.ts'
import type { TestApp } from './test-app.ts'

// The live check driven through the API on real faces (issue 37; the ban list's tests, issue 60):
// members with photos of a sample face, a check's frames sent as a camera would take them, and the
// job's decision.

export type Face = keyof typeof FACES
type Member = Awaited<ReturnType<typeof activeMember>>

/**
 * What the camera shows for a pose: `face` in it (its mirror turns it the other way), or a print of
 * that picture held in front of it, tilted by `print` degrees (a little more at each frame).
 */
export const shows = (face: Face, options: CropOptions = {}, print?: number) => ({ face, options, print })
export type Shown = ReturnType<typeof shows>

/** The helpers, on the test's app (read when called: the app starts in the test's beforeAll). */
export function liveCheckKit(app: () => TestApp) {
  const as = (m: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
    app().app.inject({ method, url, payload, headers: { cookie: m.cookie } })

  /** The poses the site asks for. */
  async function setPoses(poses: string[]) {
    await app().database.db.execute(
      sql`update sites set settings = jsonb_set(settings, '{verification_poses}', ${JSON.stringify(poses)}::jsonb)`,
    )
    await app().app.services.sites.reload()
  }

  /** Uploads a photo; the tests' members share faces, so a held copy is approved here. */
  async function addPhoto(m: Member, image: Buffer) {
    const { payload, headers } = multipartFile('photo', 'me.jpg', 'image/jpeg', image)
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload,
      headers: { ...headers, cookie: m.cookie },
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().photo.id as number
    await app().database.db.update(photos).set({ status: 'active' }).where(eq(photos.id, id))
    await app().database.db.execute(
      sql`update profiles set main_photo_id = coalesce(main_photo_id, ${id}) where user_id = ${m.user.id}`,
    )
    return id
  }

  /** A member whose main photo and one other show this face, cut differently. */
  async function memberWithPhotos(face: Face) {
    const m = await activeMember(app().app)
    await addPhoto(m, await faceImage(face, { margin: 0.4, brightness: 1.1, size: 800 }))
    await addPhoto(m, await faceImage(face, { margin: 0.3, shift: 0.04, size: 600 }))
    return m
  }

  const status = async (m: Member) => (await as(m, 'GET', '/api/verification.php')).json()

  async function sendFrame(m: Member, verification: number, pose: number, n: number, image: Buffer) {
    const { body, contentType } = multipartBody(
      { verification: String(verification), pose: String(pose), n: String(n) },
      { field: 'photo', filename: 'frame.jpg', contentType: 'image/jpeg', data: image },
    )
    return app().app.inject({
      method: 'POST',
      url: '/api/verification-frame.php',
      payload: body,
      headers: { 'content-type': contentType, cookie: m.cookie },
    })
  }

  /**
   * Starts a check and sends three frames per pose: what `camera` shows for the pose asked for
   * (the turned face as cut for a right turn, its mirror for a left one), then lets the job decide.
   */
  async function check(m: Member, camera: (pose: string) => Shown) {
    const started = await as(m, 'POST', '/api/verification.php', {})
    expect(started.statusCode, started.body).toBe(201)
    const { id, poses } = started.json().verification as { id: number; poses: string[] }
    for (const [pose, name] of poses.entries())
      for (let n = 0; n < 3; n++) {
        const { face, options, print } = camera(name)
        const cut = await faceImage(face, { margin: 0.3 + n * 0.03, size: 640 - n * 40, ...options })
        const frame = print === undefined ? cut : await tiltedPrint(cut, { yaw: print + 4 * n, pitch: 3 * n })
        const res = await sendFrame(m, id, pose, n, frame)
        expect(res.statusCode, res.body).toBe(201)
      }
    expect((await status(m)).verification.status).toBe('deciding')
    expect(await app().app.services.verification.decideWaiting()).toBe(1)
    return { id, poses }
  }

  /** A live camera that does as asked: the face as it turns, mirrored for a turn the other way. */
  const live = (face: 'turned' | 'turnedLeft') => (pose: string) =>
    shows(face, { mirror: pose !== (face === 'turned' ? 'turn_right' : 'turn_left') })

  return { as, setPoses, addPhoto, memberWithPhotos, status, sendFrame, check, shows, live }
}
