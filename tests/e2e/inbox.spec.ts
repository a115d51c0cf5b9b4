import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { testJpeg } from '../support/images.ts'
import { consoleLogin, expect, expectAccessible, newMember, test } from './fixtures.ts'
import { E2E_OPERATOR } from './staff-account.ts'

/** A six-second recording of Chromium's MediaRecorder (Opus in WebM). */
const VOICE = new URL('../fixtures/voice-6s.webm', import.meta.url)

test.describe
  .serial('operators', () => {
    // One console session for the file: a code from the app works once in its 30 s.
    let page: Page
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage()
      await consoleLogin(page, E2E_OPERATOR)
    })
    test.afterAll(() => page.context().close())

    test('an operator sees a member’s message arrive live, takes it and answers as the fictional profile', async ({
      browser,
    }) => {
      const member = await newMember(browser, { name: 'Timo', gender: 'male' })
      // A fictional profile of the demo members (its disclosure is on its card).
      let fictional: { id: number; name: string } | undefined
      for (let p = 1; p <= 5 && !fictional; p++) {
        const { profiles } = await (await member.page.request.get(`/api/members.php?page=${p}`)).json()
        fictional = profiles.find((x: { fictional: boolean }) => x.fictional)
      }
      if (!fictional) throw new Error('the demo members hold no fictional profile')

      await page.goto('/admin')
      await page.getByRole('link', { name: 'Inbox' }).click()
      await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible()
      await expectAccessible(page)

      // The member writes: the inbox shows it without a reload.
      const sent = await member.page.request.post('/api/message.php', {
        data: { profile: fictional.id, text: 'Hello there, fancy a chat?', client_id: randomUUID() },
      })
      expect(sent.status()).toBe(200)
      const conversation = (await sent.json()).conversation
      const item = page.getByTestId('inbox-item').filter({ hasText: 'Hello there, fancy a chat?' })
      await expect(item).toBeVisible()
      await expect(item).toContainText('Timo')
      await expect(item).toContainText(`→ ${fictional.name}`)
      // Each site's queue on a line of its own: the site, how many wait, since when.
      const lunaDate = page
        .getByRole('list', { name: 'Per site' })
        .getByRole('listitem')
        .filter({ hasText: 'LunaDate' })
      await expect(lunaDate).toHaveText(/^LunaDate[1-9]\d*oldest \d/)

      await expect(
        page.getByText('Take a conversation to read it and answer here: N takes the one waiting longest.'),
      ).toBeVisible()
      await member.page.goto(`/chats/${conversation}`)
      await item.getByRole('button', { name: /^Take/ }).click()
      const open = page.getByTestId('inbox-conversation')
      await expect(open.getByTestId('inbox-messages')).toContainText('Hello there, fancy a chat?')
      // Who the operator answers as: the profile's about text, and its page in a new tab.
      const persona = open.getByTestId('inbox-persona')
      const profile = persona.getByRole('link', { name: `${fictional.name}’s profile (opens in a new tab)` })
      await expect(profile).toHaveAttribute('href', `/admin/fictional/${fictional.id}`)
      await expect(profile).toHaveAttribute('target', '_blank')
      await expect(persona.locator('p.fst-italic')).toHaveText(/\S{3,}/)
      await open.getByLabel('Note (all operators see it)').fill('Likes to chat in the evening')
      await open.getByRole('button', { name: 'Add a note' }).click()
      await expect(open.getByTestId('inbox-notes')).toContainText('Likes to chat in the evening')
      await expectAccessible(page)
      await open.getByLabel(`Your answer as ${fictional.name}`).fill('Always! How was your day, Timo?')
      await page.keyboard.press('Control+Enter')
      await expect(page.getByRole('status')).toHaveText('Answer sent to Timo.')
      await expect(item).toHaveCount(0)

      // The member gets the answer on their open conversation, live.
      await expect(
        member.page.locator('.chat-messages').getByText('Always! How was your day, Timo?'),
      ).toBeVisible()

      // The member answers with a voice note: the queue says so, and the operator plays it (issue 58).
      const voice = await member.page.request.post('/api/message-file.php', {
        multipart: {
          kind: 'voice',
          conversation: String(conversation),
          client_id: randomUUID(),
          text: '',
          photo: { name: 'voice.webm', mimeType: 'audio/webm', buffer: await readFile(VOICE) },
        },
      })
      expect(voice.status()).toBe(200)
      const spoken = page.getByTestId('inbox-item').filter({ hasText: 'Voice message (0:06)' })
      await expect(spoken).toContainText('Timo')
      await spoken.getByRole('button', { name: /^Take/ }).click()
      const heard = await open.getByTestId('inbox-voice').evaluate(
        (audio: HTMLAudioElement) =>
          new Promise<number>((resolve, reject) => {
            audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true })
            audio.addEventListener('error', () => reject(new Error('the voice note did not load')), {
              once: true,
            })
            audio.preload = 'metadata'
            audio.load()
          }),
      )
      expect(Math.abs(heard - 6)).toBeLessThan(0.5)
      await expect(open.getByTestId('inbox-voice')).toHaveAttribute(
        'aria-label',
        'Timo’s voice message (0:06), to play',
      )
      await member.context.close()
    })

    test('an operator makes a fictional profile with a photo; members see it with the fictional disclosure', async ({
      browser,
    }) => {
      await page.goto('/admin')
      await page.getByRole('link', { name: 'Fictional profiles' }).click()
      // On the second brand: the automatic likes of the other journeys (LunaDate's members) never see her.
      await page.getByLabel('Site').selectOption({ label: 'Rendez-vous Secret' })
      await page.getByLabel('Name').fill('Giulia')
      await page.getByLabel('Date of birth').fill('1994-06-15')
      await page.getByLabel('City').fill('Lyon')
      await page.getByLabel('About').fill('Painter, cook, night owl.')
      await page.getByRole('button', { name: 'Make the profile' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Giulia')
      await expectAccessible(page)
      await page.getByLabel('Add a photo').setInputFiles({
        name: 'giulia.jpg',
        mimeType: 'image/jpeg',
        buffer: await testJpeg(300, '#996633'),
      })
      await expect(page.getByTestId('fictional-photos').getByRole('img')).toHaveCount(1)
      const profileId = page.url().split('/').at(-1)

      const visitor = await browser.newContext()
      const member = await visitor.newPage()
      const seen = await (await member.request.get(`/api/member.php?id=${profileId}`)).json()
      expect(seen.profile).toMatchObject({
        name: 'Giulia',
        fictional: true,
        main_image: { status: 'active' },
      })
      await visitor.close()
    })
  })
