/** What the explicit-photo model sees in a photo: its five classes' probabilities (they add up to 1). */
export interface ExplicitScores {
  drawing: number
  hentai: number
  neutral: number
  porn: number
  sexy: number
}

/**
 * How explicit a photo is, 0–1 (ADR 29): the model's probability that it shows sex or genitals,
 * drawn or photographed. "Sexy" (swimwear, underwear, a bare chest) is not counted: a dating site's
 * photos show it often and it is not what a receiver must be shielded from.
 */
export const explicitScore = (scores: ExplicitScores) => scores.porn + scores.hentai
