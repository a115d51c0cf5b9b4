import { z } from 'zod'

/** A profile photo as other people see it; filename and thumb_filename are URLs below cdn_prefix. */
export const ProfileImage = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
})
export type ProfileImage = z.infer<typeof ProfileImage>

/** What anybody, a visitor included, may see of a member: the card of a profile. */
export const PublicProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  fictional: z.boolean(),
  main_image: ProfileImage.nullable(),
})
export type PublicProfile = z.infer<typeof PublicProfile>
