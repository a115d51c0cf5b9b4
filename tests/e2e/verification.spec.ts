import { chromium } from '@playwright/test'
import { faceImage, tiltedPrint } from '../support/faces.ts'
import { writeY4m } from '../support/y4m.ts'
import {
  consoleLogin,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  openFromMenu,
  test,
} from './fixtures.ts'
import { E2E_ADMIN, E2E_MODERATOR } from './staff-account.ts'

// Verified humans in Chromium (issue 37): the live check through the page, with Chromium's fake
// camera playing a file made from a sample face (tests/support/faces.ts). A still face shows one
// head turn; its mirror, the other: so the site asks for head turns only while this journey runs
// (set in the console, as an operator would), and each pose is filmed by a browser of its own whose
// camera shows that pose, the check going on where it stopped.

const CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']
const TURNS = ['Turn your head slightly to your left', 'Turn your head slightly to your right']
const ALL_POSES = [...TURNS, 'Look up', 'Smile broadly', 'Close your eyes']

/** The poses the site asks for, set in the console's settings. */
async function setPoses(page: import('@playwright/test').Page, poses: string[]) {
  await page.goto('/admin/settings')
  for (const pose of ALL_POSES) await page.getByLabel(pose, { exact: true }).setChecked(poses.includes(pose))
  await page.getByRole('button', { name: 'Save the settings' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: the site shows the change now.')
}

/** A browser whose camera films this picture (Chromium's fake camera playing a .y4m of it). */
async function cameraShowing(video: string, still: Buffer) {
  await writeY4m(video, [still], { width: 640, height: 640 })
  return chromium.launch({
    executablePath: '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', ...CAMERA_ARGS, `--use-file-for-fake-video-capture=${video}`],
  })
}

test('a member verifies with the live camera; the badge shows on their card and goes with a main photo that does not match', async ({
  page,
  browser,
}, testInfo) => {
  testInfo.setTimeout(150_000)
  await consoleLogin(page, E2E_ADMIN)
  await setPoses(page, TURNS)
  try {
    const member = await newMember(browser, { name: 'Verity', gender: 'male' })
    const upload = async (image: Buffer) => {
      const res = await member.page.request.post('/api/photos.php', {
        multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: image } },
      })
      expect(res.status()).toBe(201)
      return (await res.json()).photo.id as number
    }
    // Two photos of the man's face, cut differently (as server/modules/verification's tests do).
    await upload(await faceImage('turned', { margin: 0.4, brightness: 1.1, size: 800 }))
    await upload(await faceImage('turned', { margin: 0.3, shift: 0.04, size: 600 }))
    await member.page.goto('/profile')
    await member.page.getByRole('link', { name: 'Verify my profile' }).click()
    await expect(member.page.getByRole('heading', { name: 'Get verified' })).toBeVisible()
    await expect(member.page.getByText('A face is biometric data (GDPR Article 9)')).toBeVisible()
    await expectAccessible(member.page)

    const state = await member.context.storageState()
    const started = await member.page.request.post('/api/verification.php', { data: {} })
    const poses = (await started.json()).verification.poses as string[]
    expect([...poses].sort()).toEqual(['turn_left', 'turn_right'])

    // Each pose through the page, in a browser whose camera shows it: English at 1280 px, then
    // French at 375 px.
    for (const [index, pose] of poses.entries()) {
      const video = testInfo.outputPath(`camera-${index}.y4m`)
      // Square, as the face models find this strongly turned face in every frame of it.
      const still = await faceImage('turned', { margin: 0.4, size: 640, mirror: pose === 'turn_left' })
      const camera = await cameraShowing(video, still)
      try {
        const french = index === 1
        const context = await camera.newContext({
          storageState: state,
          baseURL: 'http://localhost:3100',
          viewport: french ? { width: 375, height: 667 } : { width: 1280, height: 900 },
          locale: french ? 'fr-FR' : 'en-GB',
        })
        if (french)
          await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: 'http://localhost:3100' }])
        const tab = await context.newPage()
        await tab.goto('/verify')
        // The check was started for this journey: the first browser opens it, the second goes on.
        await tab
          .getByRole('button', {
            name: french ? 'J’accepte : ouvrir la caméra et continuer' : 'I agree: open the camera',
            exact: true,
          })
          .click()
        const asked = tab.locator(`.verify-pose[data-pose="${pose}"]`)
        await expect(asked).toBeVisible()
        await expect(asked).toContainText(
          french
            ? pose === 'turn_left'
              ? 'Tournez légèrement la tête vers votre gauche'
              : 'Tournez légèrement la tête vers votre droite'
            : pose === 'turn_left'
              ? 'Turn your head slightly to your left'
              : 'Turn your head slightly to your right',
        )
        const capture = tab.getByRole('button', {
          name: french ? 'Gardez la pose et prenez les photos' : 'Hold the pose and take the photos',
        })
        if (french) {
          await expectNoHorizontalScroll(tab)
          // On a 375×667 phone, what to do and the button to press are on the screen together.
          await expect(capture).toBeInViewport()
          await expect(asked).toBeInViewport()
        }
        await capture.click()
        if (!french) await expect(tab.locator('.verify-pose')).toHaveAttribute('data-pose', poses[1])
        else {
          // Decided by the job on the face models in a few seconds (its reason shows if it fails).
          await expect
            .poll(
              async () => {
                const { verification } = await (await tab.request.get('/api/verification.php')).json()
                return `${verification.status} (${verification.reason})`
              },
              { timeout: 45_000 },
            )
            .toBe('verified (null)')
          await expect(tab.getByText('Votre profil est vérifié', { exact: false })).toBeVisible({
            timeout: 45_000,
          })
          await expectAccessible(tab)
        }
      } finally {
        await camera.close()
      }
    }

    // Others see the badge on the member's page and in search, "verified only" included.
    const viewer = await newMember(browser, { name: 'Vale', gender: 'female' })
    await viewer.page.goto(`/members/${member.profileId}`)
    await expect(viewer.page.getByRole('img', { name: 'Verified profile' }).first()).toBeVisible()
    await viewer.page.goto('/members?gender=male&verified=1')
    const card = viewer.page.locator('.member-card').filter({ hasText: 'Verity' }).first()
    await expect(card.getByRole('img', { name: 'Verified profile' })).toBeVisible()

    // A main photo of someone else: the badge goes at once.
    const other = await upload(await faceImage('frontal', { margin: 0.5 }))
    expect((await member.page.request.put('/api/photos.php', { data: { photo: other } })).status()).toBe(200)
    await viewer.page.goto(`/members/${member.profileId}`)
    await expect(viewer.page.getByRole('heading', { name: /Verity/ })).toBeVisible()
    await expect(viewer.page.getByRole('img', { name: 'Verified profile' })).toHaveCount(0)
    await member.context.close()
    await viewer.context.close()
  } finally {
    await setPoses(page, ALL_POSES)
  }
})

test('a printed photo held up to the camera fails, though it shows both poses asked for', async ({
  page,
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  await consoleLogin(page, E2E_ADMIN)
  // A photo of her turned to her right and smiling shows both of these poses at once.
  await setPoses(page, ['Turn your head slightly to your right', 'Smile broadly'])
  try {
    const member = await newMember(browser, { name: 'Printemps', gender: 'female' })
    for (const options of [
      { margin: 0.4, brightness: 1.1, size: 800 },
      { margin: 0.3, shift: 0.04, size: 600 },
    ]) {
      const res = await member.page.request.post('/api/photos.php', {
        multipart: {
          photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await faceImage('smilingRight', options) },
        },
      })
      expect(res.status()).toBe(201)
    }
    const state = await member.context.storageState()
    // The print, tilted a little, washed out, on a grey background, filmed for both poses; in French
    // on a phone.
    const print = await tiltedPrint(await faceImage('smilingRight', { margin: 0.5, size: 640 }), { yaw: 8 })
    const camera = await cameraShowing(testInfo.outputPath('print.y4m'), print)
    try {
      const context = await camera.newContext({
        storageState: state,
        baseURL: 'http://localhost:3100',
        viewport: { width: 375, height: 812 },
        locale: 'fr-FR',
      })
      await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: 'http://localhost:3100' }])
      const tab = await context.newPage()
      await tab.goto('/verify')
      await tab.getByRole('button', { name: 'J’accepte : ouvrir la caméra', exact: true }).click()
      const pose = tab.locator('.verify-pose')
      await expect(pose).toContainText(/Tournez légèrement la tête vers votre droite|Faites un grand sourire/)
      const first = (await pose.getAttribute('data-pose')) ?? ''
      await tab.getByRole('button', { name: 'Gardez la pose et prenez les photos' }).click()
      await expect(pose).not.toHaveAttribute('data-pose', first)
      await expect(tab.getByText('Quittez la première pose', { exact: false })).toBeVisible()
      await tab.getByRole('button', { name: 'Gardez la pose et prenez les photos' }).click()
      await expect(tab.getByTestId('verify-failed')).toContainText(
        'Les deux poses étaient visibles en même temps, comme sur une photo.',
        { timeout: 45_000 },
      )
      const { verification, verified } = await (await tab.request.get('/api/verification.php')).json()
      expect({ status: verification.status, reason: verification.reason, verified }).toEqual({
        status: 'failed',
        reason: 'poses_together',
        verified: false,
      })
      await expectNoHorizontalScroll(tab)
      await expectAccessible(tab)
      await tab.screenshot({ path: testInfo.outputPath('print-refused-fr-375.png'), fullPage: true })
    } finally {
      await camera.close()
    }
    await member.context.close()
  } finally {
    await setPoses(page, ALL_POSES)
  }
})

test('a third failed check in a day waits for a moderator, who verifies it by keyboard; the member is told by mail', async ({
  page,
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  const member = await newMember(browser, { name: 'Mireille', gender: 'male' })
  const request = member.page.request
  for (const options of [
    { margin: 0.4, brightness: 1.1, size: 800 },
    { margin: 0.3, shift: 0.04, size: 600 },
  ]) {
    const res = await request.post('/api/photos.php', {
      multipart: {
        photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await faceImage('turnedLeft', options) },
      },
    })
    expect(res.status()).toBe(201)
  }
  // Three checks whose camera shows another person: each fails; the third waits for a moderator.
  const frame = await faceImage('turned', { margin: 0.3, size: 640 })
  const mirrored = await faceImage('turned', { margin: 0.3, size: 640, mirror: true })
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { verification } = await (await request.post('/api/verification.php', { data: {} })).json()
    for (const [pose, name] of (verification.poses as string[]).entries())
      for (let n = 0; n < 3; n++) {
        const res = await request.post('/api/verification-frame.php', {
          multipart: {
            verification: String(verification.id),
            pose: String(pose),
            n: String(n),
            photo: {
              name: 'frame.jpg',
              mimeType: 'image/jpeg',
              buffer: name === 'turn_left' ? mirrored : frame,
            },
          },
        })
        expect(res.status()).toBe(201)
      }
    await expect
      .poll(async () => (await (await request.get('/api/verification.php')).json()).verification.status, {
        timeout: 30_000,
      })
      .toBe(attempt < 3 ? 'failed' : 'review')
  }
  await member.page.goto('/verify')
  await expect(member.page.getByText('A moderator will look at your check')).toBeVisible()

  await consoleLogin(page, E2E_MODERATOR)
  await openFromMenu(page, 'Verifications')
  await expect(page.getByRole('heading', { name: 'Verifications' })).toBeVisible()
  const item = page.locator('li.card').filter({ hasText: 'Mireille' })
  // The six frames under the poses asked, the profile's two photos, why it failed (the poses are
  // any two of the site's: another person's face fails on the pose or on the match).
  await expect(item.locator('figure img')).toHaveCount(6)
  await expect(item.getByRole('img', { name: /^Mireille/ })).toHaveCount(2)
  await expect(item.locator('.badge')).toHaveText(
    /did not match your profile photos|pose asked for|see a face/,
  )
  await expectAccessible(page)
  await page.keyboard.press('v')
  await expect(page.getByRole('status')).toHaveText('Verified: the member is mailed')
  await expect(item).toHaveCount(0)
  expect((await (await request.get('/api/verification.php')).json()).verified).toBe(true)

  await member.page.goto('/dev/mailbox')
  await expect(
    member.page
      .locator('article.mail')
      .filter({ hasText: member.email })
      .filter({ hasText: 'Your profile is verified' }),
  ).toHaveCount(1)
  await member.context.close()
})
