/**
 * A member's round picture, or their initial on the brand background when there is none. Decorative:
 * the name is always written beside it.
 */
export function ProfileAvatar({
  name,
  image,
  size,
  className = '',
  emptyClassName = '',
}: {
  name: string
  /** The thumbnail's address, or null. */
  image: string | null | undefined
  size: number
  className?: string
  /** Extra classes of the initial only (its size comes from CSS). */
  emptyClassName?: string
}) {
  if (image) {
    return (
      <img src={image} alt="" width={size} height={size} className={`rounded-circle ${className}`.trim()} />
    )
  }
  return (
    <span
      className={`rounded-circle profile-photo-empty ${className} ${emptyClassName}`
        .replace(/\s+/g, ' ')
        .trim()}
      aria-hidden="true"
    >
      {name.slice(0, 1)}
    </span>
  )
}
