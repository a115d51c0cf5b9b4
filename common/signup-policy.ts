/** Whether a site takes new members from this visitor (spec section 5). */
export function signupsOpen(
  signups: 'all' | 'with_trafficsource' | 'other',
  network: string | null | undefined,
): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && Boolean(network))
}
