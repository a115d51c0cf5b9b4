import { describe, expect, it } from 'vitest'
import { createReferenceData } from './reference-data.ts'

const COMPANY = {
  name: 'Co',
  address: 'Street 1',
  kvk: '12345678',
  city: 'Utrecht',
  country: 'NL',
  tradenames: [],
  vat_numbers: [],
  support_phone: '+31 30 000 0000',
  delete_discount: null,
  added: '2024-01-01T00:00:00Z',
}

describe('reference data cache', () => {
  // spec: CALL-14
  it('loads each list once and serves it from memory afterwards', async () => {
    const urls: string[] = []
    const data = createReferenceData(async (url: string) => {
      urls.push(url)
      if (url.startsWith('/api/regions.php'))
        return { regions: [{ id: 1, country: 'NL', code: 'NL-UT', name: 'Utrecht' }] }
      if (url === '/api/interests.php') return { interests: [{ id: 1, key: 'travel', name: 'Travel' }] }
      return COMPANY
    })
    await Promise.all([data.regions('NL'), data.regions('NL'), data.interests('en'), data.companyInfo()])
    expect((await data.regions('NL'))[0].name).toBe('Utrecht')
    await data.interests('en')
    await data.companyInfo()
    expect(urls.sort()).toEqual(['/api/companyinfo.php', '/api/interests.php', '/api/regions.php?country=NL'])
  })

  it('tries again after a failed load', async () => {
    let calls = 0
    const data = createReferenceData(async () => {
      calls++
      if (calls === 1) throw new Error('offline')
      return COMPANY
    })
    await expect(data.companyInfo()).rejects.toThrow('offline')
    await expect(data.companyInfo()).resolves.toEqual(COMPANY)
  })
})
