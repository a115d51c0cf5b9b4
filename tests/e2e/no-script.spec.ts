import type { Browser } from '@playwright/test'
import { E2E_ORIGIN, expect, newMember, test } from './fixtures.ts'

// The forms with a route action work before the page's scripts arrive, and with JavaScript off
// (issue 34): a plain POST, then a redirect, or the page again with what failed beside the form.

/** A browser without JavaScript, in `locale`, past the site-entry warning. */
async function withoutScripts(browser: Browser, locale: 'en' | 'fr') {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([
    { name: 'skipped-site-entry-warning', value: '2026-01-01T00:00:00.000Z', url: E2E_ORIGIN },
    { name: 'i18n_redirected', value: locale, url: E2E_ORIGIN },
  ])
  return { context, page: await context.newPage() }
}

test('log in without JavaScript: a wrong password is said in French above the form, the right one leads in', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Noor' })
  await member.context.close()
  const { context, page } = await withoutScripts(browser, 'fr')
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(member.email)
  await page.getByLabel('Mot de passe').fill('not-the-password-1')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('alert')).toHaveText('La connexion a échoué, veuillez réessayer.')
  // What was typed is kept, but the password.
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(member.email)
  await expect(page.getByLabel('Mot de passe')).toHaveValue('')
  await page.getByLabel('Mot de passe').fill('maple-lantern-52')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/members$/)
  // Logged in: the page is a member's (their account menu), served without a script run.
  expect((await context.cookies()).some((cookie) => cookie.name === 'auth.session')).toBe(true)
  await context.close()
})
