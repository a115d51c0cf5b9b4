import { describe, expect, it } from 'vitest'
import { extractTracking } from './tracking.ts'

describe('extractTracking', () => {
  // spec: DATA-8, VAL-11
  it('keeps network, ref and the sub variants, braces stripped', () => {
    const { tracking } = extractTracking(
      new URL(
        'https://x.test/?network=adnet&ref={summer}&aff_sub={abc}&sub2=two&sub3={three}&cpc=0.4&page=2',
      ),
    )
    expect(tracking).toEqual({ network: 'adnet', ref: 'summer', sub1: 'abc', sub2: 'two', sub3: 'three' })
  })

  // spec: VAL-11
  it('prefers sub1, then sub, then aff_sub', () => {
    expect(extractTracking(new URL('https://x.test/?sub=a&sub1=b')).tracking.sub1).toBe('b')
    expect(extractTracking(new URL('https://x.test/?aff_sub=c&sub=a')).tracking.sub1).toBe('a')
  })

  // spec: VAL-11
  it('removes the tracking parameters and cpc from the URL, and keeps the others', () => {
    const { cleaned } = extractTracking(new URL('https://x.test/members?network=n&cpc=1&sub1=s&page=2#top'))
    expect(cleaned?.toString()).toBe('https://x.test/members?page=2#top')
  })

  it('leaves a URL without tracking alone', () => {
    expect(extractTracking(new URL('https://x.test/?page=2'))).toEqual({ tracking: {}, cleaned: null })
  })
})
