import { type RefObject, useLayoutEffect } from 'react'

/** The photo never shrinks below this (px): a face must still be a face. */
const MIN_PHOTO_PX = 140

/**
 * On a phone, shrinks the swipe card's photo until the like and pass buttons sit above the tab bar
 * on the first screen, whatever the banners above take (a photo reminder, an offer): the game is
 * played without scrolling. Measured again when the card or the page's size changes.
 */
export function useFitSwipe(stage: RefObject<HTMLElement | null>, cardId: number | null) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for every new card
  useLayoutEffect(() => {
    const fitPhoto = () => {
      const el = stage.current
      if (!el) return
      el.style.removeProperty('--swipe-photo-height')
      const tabBar = document.querySelector('.tab-bar')
      // The tab bar shows on phones only: elsewhere the page scrolls as any page does.
      if (!tabBar || getComputedStyle(tabBar).display === 'none') return
      const buttons = el.querySelector('.swipe-buttons')
      const photo = el.querySelector('.swipe-photo')
      if (!buttons || !photo) return
      const visibleTo = tabBar.getBoundingClientRect().top + window.scrollY - 8
      const overflow = buttons.getBoundingClientRect().bottom + window.scrollY - visibleTo
      if (overflow <= 0) return
      const height = Math.max(MIN_PHOTO_PX, photo.getBoundingClientRect().height - overflow)
      el.style.setProperty('--swipe-photo-height', `${Math.floor(height)}px`)
    }
    fitPhoto()
    // Banners above the game come and go after the first paint (an offer, a reminder): the page's
    // size changes with them, and the photo is fitted again.
    const observer = new ResizeObserver(fitPhoto)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [stage, cardId])
}
