import type { Page } from '@playwright/test'
import { consoleLogin, expect, expectAccessible, openFromMenu, skipEntryWarning, test } from './fixtures.ts'
import { E2E_ADMIN } from './staff-account.ts'

test.describe
  .serial('the business side of the console', () => {
    // One console session for the file: a code from the app works once in its 30 s.
    let page: Page
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage()
      await consoleLogin(page, E2E_ADMIN)
    })
    test.afterAll(() => page.context().close())

    test('a visit from a campaign shows in the statistics, by day as a chart and by network as a table, and as CSV', async ({
      browser,
    }) => {
      const network = `e2e${Date.now().toString(36)}`
      // A visitor from an address of their own (the server trusts the local proxy's header): the
      // visits of the other journeys from 127.0.0.1 count against that address's hourly limit.
      const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.91' } })
      const landing = await visitor.newPage()
      await skipEntryWarning(landing)
      const counted = landing.waitForResponse((r) => r.url().endsWith('/api/visit.php') && r.ok())
      await landing.goto(`/?network=${network}&sub1={summer}`)
      await counted
      await visitor.close()

      await page.goto('/admin')
      await openFromMenu(page, 'Statistics')
      await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible()
      await expect(page.getByRole('img', { name: 'Visits, sign-ups and purchases per day' })).toBeVisible()
      await expect(page.locator('.stats-chart canvas').first()).toBeVisible()
      await expectAccessible(page)

      await page.getByLabel('Group by').selectOption('network')
      await page.getByLabel('Network (empty: all)').fill(network)
      await page.getByRole('button', { name: 'Show' }).click()
      const row = page.getByTestId('stats-table').getByRole('row', { name: new RegExp(network) })
      await expect(row).toBeVisible()
      await expect(row.getByRole('cell').first()).toHaveText('1')

      const download = page.waitForEvent('download')
      await page.getByRole('link', { name: 'CSV' }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^report-.*-by-network\.csv$/)
      const csv = await (await file.createReadStream()).toArray()
      expect(Buffer.concat(csv).toString()).toContain(`${network},1,`)
    })

    test('an admin writes a site’s own page with a live preview; visitors read it at once; back to the bundled text', async ({
      browser,
    }) => {
      await page.goto('/admin/content')
      await expect(page.getByRole('heading', { name: 'Content pages' })).toBeVisible()
      await page
        .getByRole('row')
        .filter({ hasText: '/safety' })
        .filter({ has: page.getByRole('cell', { name: 'en', exact: true }) })
        .getByRole('link')
        .click()
      const editor = page.getByLabel('Markdown (the first line is the title)')
      await editor.fill('# Staying safe on {site_name}\n\nNever send money. <b>Bold?</b>')
      const preview = page.getByTestId('content-preview')
      await expect(preview.getByRole('heading', { level: 1 })).toHaveText(/^Staying safe on \S/)
      await expect(preview).toContainText('<b>Bold?</b>')
      await expectAccessible(page)
      await editor.press('Control+s')
      await expect(page.getByRole('status')).toHaveText('Saved. The page shows the new text now.')

      const visitor = await browser.newContext()
      const reader = await visitor.newPage()
      await skipEntryWarning(reader)
      await reader.goto('/safety')
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(/^Staying safe on /)
      await expect(reader.getByText('Never send money.')).toBeVisible()

      await page.getByRole('button', { name: 'Back to the bundled text' }).click()
      await expect(page.getByRole('status')).toHaveText('The page shows the bundled text again.')
      await reader.reload()
      await expect(reader.getByRole('heading', { level: 1 })).not.toHaveText(/^Staying safe on /)
      await visitor.close()
    })
  })
