/** The URL of a stored media file below the site's cdn_prefix. */
export function mediaUrl(cdnPrefix: string, filename: string): string {
  return `${cdnPrefix.replace(/\/$/, '')}/${filename}`
}
