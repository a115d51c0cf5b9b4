import type { OwnProfile, ProfileUpdateInput } from '#common/schemas/members.ts'
import { fetchJson } from '../../lib/api-client.ts'

/** PUT /api/profile.php with the given parts. */
export function saveProfile(input: ProfileUpdateInput): Promise<{ profile: OwnProfile }> {
  return fetchJson('/api/profile.php', { method: 'PUT', body: JSON.stringify(input), retries: 1 })
}
