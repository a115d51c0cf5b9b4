import { expect, expectAccessible, expectNoHorizontalScroll, skipEntryWarning, test } from './fixtures.ts'

// A small real PNG (8x8, opaque), written out so the test needs no image library in the browser.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4JBGNFTEMLQkASUpNQZrcHIAAAAAASUVORK5CYII=',
  'base64',
)

for (const width of [1280, 375]) {
  // spec: STATE-9, STATE-3
  test(`the sign-up steps at ${width} px: preference, location, photo, interests, about, then confirm`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await skipEntryWarning(page)
    const email = `e2e-flow-${width}-${Date.now()}@example.com`
    const res = await page.request.post('/api/signup.php', {
      data: {
        email,
        name: 'Noor',
        password: 'pebble-orchard-47',
        date_of_birth: '1995-05-05',
        gender: 'female',
        // The sign-up form asks whom she looks for; a sign-up without it (an older form) is asked after.
        ...(width < 768 ? { sexuality: 'straight' } : {}),
      },
    })
    expect(res.status()).toBe(201)
    await page.goto('/complete-signup')
    const age = (await (await page.request.get('/api/profile.php')).json()).profile.age as number

    // The push opt-in comes first where the browser can do push.
    await expect(page.getByRole('heading', { name: 'Never miss a message' })).toBeVisible()
    // Six steps counted once each: the push offer, whom, where, a photo, interests, about.
    await expect(page.getByText('Step 1 of 6')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Skip' }).click()

    await expect(page.getByRole('heading', { name: 'Whom would you like to meet?' })).toBeVisible()
    await expect(page.getByText('Step 2 of 6')).toBeVisible()
    if (width < 768) {
      // Sign-up asked already: only the ages are asked, from her own age give or take ten.
      await expect(page.getByText('You look for men. Which ages?')).toBeVisible()
      await expect(page.getByLabel('Men', { exact: true })).toHaveCount(0)
    } else {
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByRole('alert')).toHaveText('Please choose whom you are looking for.')
      await page.getByLabel('Men', { exact: true }).check()
    }
    await expect(page.getByLabel('From the age of')).toHaveValue(String(age - 10))
    await page.getByLabel('From the age of').selectOption('28')
    await page.getByLabel('Up to the age of').selectOption('40')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Step 3 of 6')).toBeVisible()

    await expect(page.getByRole('heading', { name: 'Where do you live?' })).toBeVisible()
    await page.getByLabel('Country').selectOption('FR')
    await page.getByLabel('Region').selectOption({ label: 'Île-de-France' })
    await page.getByLabel('City').fill('Paris')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByRole('heading', { name: 'Add a photo' })).toBeVisible()
    await page.locator('#photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('img', { name: 'Your photo' })).toHaveCount(1)
    await page
      .locator('#photo-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await expect(page.getByRole('alert')).toHaveText(
      'This file is not a photo we can read. Please choose a JPEG, PNG or WebP image.',
    )
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByRole('heading', { name: 'What do you like?' })).toBeVisible()
    await page.getByText('Travel', { exact: true }).click()
    await page.getByText('Cooking', { exact: true }).click()
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByRole('heading', { name: 'A few words about yourself' })).toBeVisible()
    await page.getByLabel('About me').fill('I love long walks along the Seine and good coffee.')
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible()
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible()
    if (width < 768) await expect(page.locator('#activation-modal')).toBeVisible()
    await expectNoHorizontalScroll(page)
    await page.getByRole('link', { name: 'See who suits you' }).click()
    await expect(page).toHaveURL('/signup-matches')
    await expect(page.getByRole('heading', { name: 'Members who suit you' })).toBeVisible()
    await expectAccessible(page)

    const profile = (await (await page.request.get('/api/profile.php')).json()).profile
    expect(profile).toMatchObject({
      sexuality: 'straight',
      country: 'FR',
      city: 'Paris',
      seek_min_age: 28,
      seek_max_age: 40,
    })
    expect(profile.about).toBe('I love long walks along the Seine and good coffee.')
    expect(profile.interests).toHaveLength(2)
    expect(profile.photos).toHaveLength(1)
    await context.close()
  })
}

test('the location step can fill itself from the browser’s position', async ({ browser }) => {
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: 51.9244, longitude: 4.4777 },
  })
  const page = await context.newPage()
  await skipEntryWarning(page)
  const res = await page.request.post('/api/signup.php', {
    data: {
      email: `e2e-geo-${Date.now()}@example.com`,
      name: 'Sanne',
      password: 'pebble-orchard-47',
      date_of_birth: '1994-04-04',
      gender: 'female',
    },
  })
  expect(res.status()).toBe(201)
  await page.goto('/complete-signup?step=1')
  await page.getByRole('button', { name: 'Use my location' }).click()
  await expect(page.getByText('Found: Rotterdam. Check and correct if needed.')).toBeVisible()
  await expect(page.getByLabel('Country')).toHaveValue('NL')
  await expect(page.getByLabel('Region').locator('option:checked')).toHaveText('Zuid-Holland')
  await expect(page.getByLabel('City')).toHaveValue('Rotterdam')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Add a photo' })).toBeVisible()
  const profile = (await (await page.request.get('/api/profile.php')).json()).profile
  expect(profile).toMatchObject({ country: 'NL', city: 'Rotterdam' })
  await context.close()
})
