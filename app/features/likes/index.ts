// What other features and the layouts use of likes: the like button and the member's likes store.
export { LikeButton } from './like-button.tsx'
export { LikesProvider, useLikesStore } from './likes-store.tsx'
