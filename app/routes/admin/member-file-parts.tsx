import type { ReactNode } from 'react'
import { useTranslation } from '../../i18n.ts'

// The building blocks of a member's file in the console.

/** A titled card of the file. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-3">
      <div className="card-body">
        <h2 className="h6 card-title">{title}</h2>
        {children}
      </div>
    </section>
  )
}

/** One term and its value of a definition list, as a group (a row). */
export function Pair({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="row">
      <dt className="col-5 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-7 mb-1 text-break" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

export function Rows({ head, empty, children }: { head: string[]; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  if (empty) return <p className="small text-body-secondary mb-0">{t('console.members.noneYet')}</p>
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
