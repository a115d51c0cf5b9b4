// npm run screenshots -- [baseUrl] [outDir]: full-page PNGs of the main pages, en and fr, 375 and 1280 px wide.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const baseUrl = process.argv[2] ?? 'http://localhost:3000'
const outDir = process.argv[3] ?? '.tmp/screenshots'
const pages = (
  process.argv[4] ?? '/,/pages/terms,/pricing,/nope,/landers/alonetonight/eng,/lang-config'
).split(',')
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
for (const locale of ['en', 'fr']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ locale, viewport: { width, height: width < 500 ? 800 : 900 } })
    await context.addInitScript(() =>
      localStorage.setItem('skipped-site-entry-warning', new Date().toISOString()),
    )
    const page = await context.newPage()
    for (const route of pages) {
      await page.goto(new URL(route, baseUrl).toString())
      const name = `${route.replace(/\W+/g, '_') || 'home'}-${locale}-${width}.png`
      await page.screenshot({ path: path.join(outDir, name), fullPage: true })
    }
    await context.close()
  }
}
await browser.close()
console.log(`Screenshots in ${outDir}`)
