import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const regions = async (country: string, language: string) =>
  (
    await t.app.inject({
      url: `/api/regions.php?country=${country}`,
      headers: { 'accept-language': language },
    })
  ).json().regions as Array<{ code: string; name: string }>

describe('regions in the page’s language', () => {
  it('names and sorts them as the language writes them', async () => {
    const fr = await regions('GB', 'fr')
    expect(fr.map((r) => r.name)).toEqual(['Angleterre', 'Écosse', 'Irlande du Nord', 'Pays de Galles'])
    const en = await regions('GB', 'en')
    expect(en.map((r) => r.name)).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales'])
    expect((await regions('AT', 'en')).find((r) => r.code === 'AT-9')?.name).toBe('Vienna')
    expect((await regions('AT', 'fr')).find((r) => r.code === 'AT-9')?.name).toBe('Vienne')
  })
})
