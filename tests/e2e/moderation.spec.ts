import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { faceImage } from '../support/faces.ts'
import { testJpeg } from '../support/images.ts'
import { consoleLogin, expect, expectAccessible, newMember, openFromMenu, speaks, test } from './fixtures.ts'
import { queueCard, selectWithKeys, uploadPhotos } from './photo-queue.ts'
import { E2E_MODERATOR } from './staff-account.ts'

/** A six-second recording of Chromium's MediaRecorder (Opus in WebM). */
const VOICE = new URL('../fixtures/voice-6s.webm', import.meta.url)

test.describe
  .serial('moderation', () => {
    // One console session for the file: a code from the app works once in its 30 s.
    let page: Page
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage()
      await consoleLogin(page, E2E_MODERATOR)
    })
    test.afterAll(() => page.context().close())

    test('a moderator approves one photo and rejects another with the keyboard; the member is told why in French', async ({
      browser,
    }) => {
      const member = await newMember(browser, { name: 'Noor' })
      await member.page.request.put('/api/user.php', { data: { language: 'fr' } })
      const ids = await uploadPhotos(member, ['#3a5f8a', '#8a3a5f'])

      await page.goto('/admin')
      await openFromMenu(page, 'Photos')
      await expect(page.getByRole('heading', { name: 'Photo queue' })).toBeVisible()
      const [first, second] = ids.map((id) => queueCard(page, id))
      await expect(first).toContainText('Noor')
      await expect(first).toContainText("The member's other photos")
      await expectAccessible(page)

      await selectWithKeys(page, first)
      await page.keyboard.press('a')
      await expect(first).toHaveCount(0)
      await expect(page.getByRole('status')).toHaveText('Decided: Approve')
      await selectWithKeys(page, second)
      await page.keyboard.press('2')
      await expect(second).toHaveCount(0)
      await expect(page.getByRole('status')).toContainText('Reject: Not the member')

      await member.page.goto('/profile')
      await expect(member.page.getByText('Rejected')).toBeVisible()
      await member.page.goto('/dev/mailbox')
      const mail = member.page.locator('article.mail').filter({ hasText: member.email }).first()
      await expect(mail).toContainText('Une de vos photos n’a pas été approuvée')
      await expect(mail).toContainText('elle ne semble pas vous montrer')
      await member.context.close()
    })

    test('a moderator hears a voice prompt on the photo page and hides it with a reason; the member is told why in French', async ({
      browser,
    }) => {
      const member = await newMember(browser, { name: 'Vocal' })
      await speaks(member, 'fr')
      const saved = await member.page.request.post('/api/profile-voice.php', {
        multipart: {
          prompt: 'cook',
          photo: { name: 'voice.webm', mimeType: 'audio/webm', buffer: await readFile(VOICE) },
        },
      })
      expect(saved.status()).toBe(201)

      await page.goto('/admin')
      await openFromMenu(page, 'Photos')
      const queue = page.getByTestId('voice-queue')
      const item = queue.getByTestId('voice-queue-item').filter({ hasText: 'Vocal' })
      await expect(item).toContainText('What I cook to impress')
      await expect(item).toContainText('Shown to members while it waits')
      const player = item.getByLabel('Vocal’s answer (0:06), to play')
      const heard = await player.evaluate(
        (audio: HTMLAudioElement) =>
          new Promise<number>((resolve, reject) => {
            audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true })
            audio.addEventListener('error', () => reject(new Error('the voice prompt did not load')), {
              once: true,
            })
            audio.preload = 'metadata'
            audio.load()
          }),
      )
      expect(Math.abs(heard - 6)).toBeLessThan(0.5)
      await expectAccessible(page)
      await item
        .getByLabel('Why it is hidden')
        .selectOption({ label: 'it gives contact details, a link or an advertisement' })
      await item.getByRole('button', { name: 'Hide' }).click()
      await expect(item).toHaveCount(0)

      await member.page.goto('/profile')
      await expect(member.page.getByTestId('own-voice-prompt')).toContainText(
        /Non approuvée\s:\selle donne des coordonnées, un lien ou une publicité\./,
      )
      await member.page.goto('/dev/mailbox')
      const mail = member.page.locator('article.mail').filter({ hasText: member.email }).first()
      await expect(mail).toContainText('Votre réponse vocale n’a pas été approuvée')
      await member.context.close()
    })

    test('the photo queue loads its next page through the page itself, without repeating a photo', async ({
      browser,
    }) => {
      // Seven members with three photos each: more than one page of the queue (20) is waiting.
      const members = await Promise.all(
        Array.from({ length: 7 }, (_, i) => newMember(browser, { name: `Pager${i}` })),
      )
      for (const [i, member] of members.entries())
        await uploadPhotos(
          member,
          [0, 1, 2].map((n) => `#${(16 + i * 30).toString(16)}${(40 + n * 60).toString(16)}80`),
        )
      await page.goto('/admin/photos')
      const cards = page.getByTestId('queue-photo')
      await expect(cards).toHaveCount(20)
      const loaded = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/admin/photos'))
      await page.getByRole('button', { name: 'Load the next photos' }).click()
      expect((await loaded).status()).toBe(200)
      await expect.poll(() => cards.count()).toBeGreaterThan(20)
      const ids = await cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-photo-id')))
      expect(new Set(ids).size).toBe(ids.length)
      for (const member of members) await member.context.close()
    })

    test('a chat photo in a report shows as a thumbnail the moderator opens (issue 56, point 6)', async ({
      browser,
    }) => {
      const reported = await newMember(browser, { name: 'Flasher', gender: 'male' })
      const reporter = await newMember(browser, { name: 'Maud' })
      const sent = await reported.page.request.post('/api/message-file.php', {
        multipart: {
          kind: 'photo',
          profile: String(reporter.profileId),
          client_id: `p-${Date.now()}`,
          text: '',
          photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(300, '#aa3355') },
        },
      })
      expect(sent.status(), await sent.text()).toBe(200)
      const filed = await reporter.page.request.post('/api/profile-report.php', {
        data: {
          profile: reported.profileId,
          reason: 'inappropriate_photo',
          conversation: (await sent.json()).conversation,
        },
      })
      expect(filed.status(), await filed.text()).toBe(200)
      const reportId = (await filed.json()).id

      await page.goto('/admin')
      await openFromMenu(page, 'Reports')
      await page
        .getByTestId('report-item')
        .filter({ hasText: new RegExp(`#${reportId}(?!\\d)`) })
        .click()
      // Where it came from and the conversation then, in the moderator's words, English here.
      const context = page.getByTestId('report-detail').getByTestId('report-context')
      await expect(context).toContainText('Reported from the report sheet, in conversation')
      await expect(context).toContainText('reported member: [a photo]')
      const thumb = page.getByTestId('report-detail').getByTestId('report-chat-photo')
      await expect(thumb).toBeVisible()
      await expect(thumb).toHaveAttribute('alt', /.+/)
      // The picture is there (not an empty frame), and its link opens the photo itself.
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
      const opened = page.context().waitForEvent('page')
      await thumb.click()
      const photo = await opened
      await photo.waitForLoadState()
      expect(await photo.evaluate(() => document.contentType)).toMatch(/^image\//)
      await photo.close()
      await expectAccessible(page)
      // In French, nothing of it is left in English.
      await page.getByRole('button', { name: 'Français' }).click()
      // The language is a whole-document post: the French page is there before a report is chosen.
      await expect(page.getByTestId('console-language')).toHaveText('English')
      // Other journeys' reports wait too: this one is chosen again.
      await page
        .getByTestId('report-item')
        .filter({ hasText: new RegExp(`#${reportId}(?!\\d)`) })
        .click()
      await expect(context).toContainText('Signalé depuis la fiche de signalement, dans la conversation')
      await expect(context).toContainText('membre signalé\u202f: [une photo]')
      await expect(context).not.toContainText('Reported')
      await page.getByRole('button', { name: 'English' }).click()
      await expect(page.getByTestId('console-language')).toHaveText('Français')
      await page
        .getByTestId('report-item')
        .filter({ hasText: new RegExp(`#${reportId}(?!\\d)`) })
        .click()
      await expect(context).toContainText('Reported from the report sheet')
      await reporter.context.close()
      await reported.context.close()
    })

    test('a moderator bans a reported member from the report queue: both are told, the banned member lands on /pages/ban', async ({
      browser,
    }) => {
      const reported = await newMember(browser, { name: 'Scamper', gender: 'male' })
      const reporter = await newMember(browser, { name: 'Ines' })
      await reporter.page.request.put('/api/user.php', { data: { language: 'fr' } })
      const filed = await reporter.page.request.post('/api/complaints.php', {
        data: {
          name: 'Ines',
          email: reporter.email,
          reason: 'spam_scam',
          message: 'He asked me for money for a plane ticket.',
          profile: reported.profileId,
        },
      })
      expect(filed.status()).toBe(201)
      const reportId = (await filed.json()).id
      // His face, which the ban puts on the ban list of faces (issue 60): one no other journey uses,
      // since the list holds it for every later check and photo on this server.
      const photo = await reported.page.request.post('/api/photos.php', {
        multipart: {
          photo: {
            name: 'me.jpg',
            mimeType: 'image/jpeg',
            buffer: await faceImage('otherSmiling', { margin: 0.4 }),
          },
        },
      })
      expect(photo.status()).toBe(201)
      // His written prompt, which "hide the text" would take down: the moderator reads it too.
      const prompts = await reported.page.request.put('/api/profile-prompts.php', {
        data: {
          answers: [{ prompt: 'typical_sunday', answer: 'Saving up for a plane ticket to you' }],
          moves: [],
        },
      })
      expect(prompts.status()).toBe(200)

      await page.goto('/admin')
      await openFromMenu(page, 'Reports')
      const item = page.getByTestId('report-item').filter({ hasText: `#${reportId}` })
      await item.click()
      const detail = page.getByTestId('report-detail')
      await expect(detail).toContainText('He asked me for money for a plane ticket.')
      await expect(detail).toContainText('Scamper')
      // His file (earlier cases, sessions, signals) is a click away.
      await expect(detail.getByRole('link', { name: /^#\d+$/ })).toHaveAttribute(
        'href',
        /^\/admin\/members\/\d+$/,
      )
      const written = detail.getByTestId('prompt-answers')
      await expect(written).toContainText('A typical Sunday for me')
      await expect(written).toContainText('Saving up for a plane ticket to you')
      await expectAccessible(page)
      await detail.getByRole('heading').first().click()
      await page.keyboard.press('b')
      await expect(page.getByLabel('Reason the member and the reporter read')).toBeFocused()
      await expect(page.getByRole('radio', { name: /Ban$/ })).toBeChecked()
      await page.keyboard.type('Asking members for money breaks our rules.')
      // A ban asks to be confirmed first: the box takes the focus, Space ticks it, Ctrl+Enter bans.
      await page.keyboard.press('Control+Enter')
      const confirm = page.getByLabel('Yes, ban Scamper', { exact: false })
      await expect(confirm).toBeFocused()
      await expect(
        detail.getByRole('alert').filter({ hasText: 'Confirm the ban first: tick the box.' }),
      ).toBeVisible()
      await expect(item).toHaveCount(1)
      await page.keyboard.press('Space')
      await page.keyboard.press('Control+Enter')
      await expect(item).toHaveCount(0)
      await expect(page.getByRole('status')).toHaveText(`Report ${reportId}: Ban`)

      // His face comes back on a new account: once the ban's job has measured his photo, the new
      // photo waits for a moderator, who sees the banned face and the ban's reasons beside it.
      const again = await newMember(browser, { name: 'Newface', gender: 'male' })
      const sameFace = await faceImage('otherSmiling', { margin: 0.55, shift: 0.03, size: 720 })
      let held = 0
      await expect
        .poll(
          async () => {
            const res = await again.page.request.post('/api/photos.php', {
              multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: sameFace } },
            })
            const { photo: uploaded } = await res.json()
            if (uploaded.status === 'pending') held = uploaded.id
            else await again.page.request.delete('/api/photos.php', { data: { photo: uploaded.id } })
            return uploaded.status
          },
          { intervals: [1000], timeout: 30_000 },
        )
        .toBe('pending')
      await openFromMenu(page, 'Photos')
      const heldCard = page.getByTestId('queue-photo').and(page.locator(`[data-photo-id="${held}"]`))
      const note = heldCard.getByTestId('banned-face')
      await expect(note).toContainText('The face of a member banned on')
      await expect(note).toContainText('Asking members for money breaks our rules.')
      await expect(note.getByRole('img', { name: "The banned member's photo" })).toBeVisible()
      await expectAccessible(page)
      await again.context.close()

      // The banned member's session is gone; logging in again leads to the ban page.
      await reported.page.goto('/login')
      await reported.page.getByLabel('E-mail').fill(reported.email)
      await reported.page.getByLabel('Password').fill('maple-lantern-52')
      await reported.page.getByRole('button', { name: 'Log in' }).click()
      await expect(reported.page).toHaveURL('/pages/ban')

      await reporter.page.goto('/dev/mailbox')
      const toReporter = reporter.page.locator('article.mail').filter({ hasText: reporter.email }).first()
      await expect(toReporter).toContainText(`À propos de votre signalement n° ${reportId}`)
      await expect(toReporter).toContainText('Le compte est définitivement fermé.')
      const toMember = reporter.page.locator('article.mail').filter({ hasText: reported.email }).first()
      await expect(toMember).toContainText('Your account is closed')
      await expect(toMember).toContainText('Appeal this decision')
      await reporter.context.close()
      await reported.context.close()
    })
  })
