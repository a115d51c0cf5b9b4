import { z } from 'zod'

/** GET /api/geocode.php */
export const GeocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
})

export const Geocode = z.object({
  city: z.string(),
  country: z.string(),
  region_id: z.number().int().nullable(),
  region: z.string().nullable(),
})
export type Geocode = z.infer<typeof Geocode>

/** The nearest town, or false when there is none (spec section 7). */
export const GeocodeResponse = z.union([Geocode, z.literal(false)])
