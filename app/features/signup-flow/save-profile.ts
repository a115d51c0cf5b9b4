import { api } from '#common/api.ts'
import type { OwnProfile, ProfileUpdateInput } from '#common/schemas/members.ts'
import { callApi } from '../../lib/api-client.ts'

/** PUT /api/profile.php with the given parts. */
export function saveProfile(input: ProfileUpdateInput): Promise<{ profile: OwnProfile }> {
  return callApi(api.updateProfile, { body: input, retries: 1 })
}
