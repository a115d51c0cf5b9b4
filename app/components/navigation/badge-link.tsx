import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { badgeText } from '../../lib/badge.ts'

/** A navigation link with an icon, a label shown from 576 px, and a count badge (99+ at 100). */
export function BadgeLink(props: {
  to: string
  icon: ReactNode
  label: string
  /** The link's name for screen readers when the badge shows (it carries the count). */
  labelWithCount: (badge: string) => string
  count: number
  testId: string
  className?: string
}) {
  const badge = badgeText(props.count)
  return (
    <NavLink
      to={props.to}
      className={`btn btn-sm btn-link text-decoration-none px-1 ${props.className ?? ''}`}
      aria-label={badge ? props.labelWithCount(badge) : props.label}
    >
      <span aria-hidden="true" className="nav-icon me-sm-1">
        {props.icon}
      </span>
      <span className="d-none d-sm-inline">{props.label}</span>
      {badge ? (
        <span
          className="badge rounded-pill text-bg-danger ms-1"
          aria-hidden="true"
          data-testid={props.testId}
        >
          {badge}
        </span>
      ) : null}
    </NavLink>
  )
}
