import { expect, type Locator } from '@playwright/test'

/**
 * No word of `texts` is broken across two lines ("chocol" above "ats", as a box too narrow for it
 * breaks it): each word's letters lie on one line.
 */
export async function expectWordsWhole(texts: Locator) {
  const broken = await texts.evaluateAll((all) =>
    all.flatMap((element) => {
      const found: string[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
          if (lines.size > 1) found.push(word[0])
        }
      }
      return found
    }),
  )
  expect(broken, 'words broken across lines').toEqual([])
}
