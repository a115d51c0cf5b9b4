/** The opening line a visitor picked on a member's landing page, kept in the tab until they chat. */
const key = (profileId: number) => `opening-line:${profileId}`

export function keepOpeningLine(profileId: number, line: string): void {
  try {
    sessionStorage.setItem(key(profileId), line)
  } catch {
    // Storage refused (private mode): the visitor types their line again.
  }
}

/** The line kept for this member, once: the composer takes it and it is gone. */
export function takeOpeningLine(profileId: number): string | null {
  try {
    const line = sessionStorage.getItem(key(profileId))
    if (line) sessionStorage.removeItem(key(profileId))
    return line
  } catch {
    return null
  }
}
