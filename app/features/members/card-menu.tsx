import { useId, useRef, useState } from 'react'
import { useTranslation } from '../../i18n.ts'
import { useMember } from '../../lib/member.tsx'
import { useDismiss } from '../../lib/use-dismiss.ts'
import { ReportSheet } from './report-sheet.tsx'

/**
 * A card's "⋯" menu for a logged-in member (issue 56, point 3): report the member from a list in
 * two taps, without opening their page. Esc or a click elsewhere closes it.
 */
export function CardMenu({ profile }: { profile: { id: number; name: string } }) {
  const { t } = useTranslation()
  const { user } = useMember()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reporting, setReporting] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useDismiss(open, () => setOpen(false), box)
  if (!user || user.profile.id === profile.id) return null
  return (
    <div className="member-card-menu" ref={box}>
      <button
        type="button"
        className="btn btn-light btn-sm rounded-circle card-menu-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('report.cardMenu', { name: profile.name })}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div id={`${id}-menu`} className="card shadow card-menu-list">
          <button
            type="button"
            className="dropdown-item"
            onClick={() => {
              setOpen(false)
              setReporting(true)
            }}
          >
            {t('report.open')}
          </button>
        </div>
      ) : null}
      {reporting ? (
        <ReportSheet
          profile={profile}
          conversation={null}
          blocked={false}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </div>
  )
}
