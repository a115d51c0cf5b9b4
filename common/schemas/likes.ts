import { z } from 'zod'
import { PublicProfile } from './members.ts'
import { PromptAnswer } from './profile-prompts.ts'
import { ProfileVoice } from './profile-voice.ts'

const ProfileId = z.number().int().positive().max(2_147_483_647)

/** POST / DELETE /api/like.php, PUT /api/like.php (seen), POST /api/swipe.php. */
export const LikeInput = z.object({ profile: ProfileId })
export const LikeResponse = z.object({ liked: z.boolean(), match: z.boolean() })
export type LikeResponse = z.infer<typeof LikeResponse>
export const LikeSeenResponse = z.object({ seen: z.boolean() })

/** A profile in the likes lists: the card, and whether the member liked it (a match when it also liked them). */
export const LikesProfile = PublicProfile.extend({ liked: z.boolean() })
export type LikesProfile = z.infer<typeof LikesProfile>

/** GET /api/likes.php (spec section 7): profiles, and who liked the member (like_new until seen). */
export const LikesResponse = z.object({
  profiles: z.array(LikesProfile),
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean() })),
})
export type LikesResponse = z.infer<typeof LikesResponse>

/** GET /api/auto-like.php (spec section 7): a suggested member who now likes you, or null. */
export const AutoLikeResponse = z.object({
  profile: z
    .object({
      id: z.number().int(),
      name: z.string(),
      main_image: PublicProfile.shape.main_image,
      /** A fictional profile's like: shown with its disclosure, as everywhere it appears. */
      fictional: z.boolean(),
    })
    .nullable(),
})
export type AutoLikeResponse = z.infer<typeof AutoLikeResponse>

/** The swipe game's state: today's likes left and when they come back. */
export const SwipeState = z.object({
  likes_left: z.number().int(),
  likes_per_day: z.number().int(),
  resets_at: z.string(),
})
export type SwipeState = z.infer<typeof SwipeState>

export const SwipeDeckResponse = SwipeState.extend({
  /** Each card with its voice prompt, to play (issue 58, point 6), and its written prompts (issue 61). */
  profiles: z.array(PublicProfile.extend({ voice: ProfileVoice.nullable(), prompts: z.array(PromptAnswer) })),
})
export type SwipeDeckResponse = z.infer<typeof SwipeDeckResponse>

export const SwipeInput = z.object({ profile: ProfileId, like: z.boolean() })
export const SwipeResponse = SwipeState.extend({ match: z.boolean() })
export type SwipeResponse = z.infer<typeof SwipeResponse>

/** GET /api/match-finder.php: the answers to the match finder's questions. */
export const MatchFinderQuery = z
  .object({
    gender: z.enum(['female', 'male', 'both']).default('both'),
    min_age: z.coerce.number().int().min(18).max(99).default(18),
    max_age: z.coerce.number().int().min(18).max(99).default(99),
    countryregion: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    interests: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, { error: 'interests_invalid' })
      .transform((s) => s.split(',').map(Number))
      .optional(),
  })
  .refine((q) => q.min_age <= q.max_age, { path: ['max_age'], message: 'age_range_invalid' })
export type MatchFinderQuery = z.infer<typeof MatchFinderQuery>

export const RankedProfile = PublicProfile.extend({ shared_interests: z.number().int() })
export type RankedProfile = z.infer<typeof RankedProfile>
export const MatchFinderResponse = z.object({ profiles: z.array(RankedProfile) })
export type MatchFinderResponse = z.infer<typeof MatchFinderResponse>
