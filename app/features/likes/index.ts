// What other features, the layouts and pages use of likes: the like button, the member's likes
// store, and the card to swipe (the swipe game and the tinderswipe lander).
export { LikeButton } from './like-button.tsx'
export { LikesProvider, useLikesStore } from './likes-store.tsx'
export { SwipeButtons, SwipeCard, useSwipeKeys } from './swipe-card.tsx'
export { useFitSwipe } from './use-fit-swipe.ts'
export type { MemberLikes } from './use-likes.ts'
