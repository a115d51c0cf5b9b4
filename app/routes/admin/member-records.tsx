import type { MemberFile } from '#common/schemas/support.ts'
import { useTranslation } from '../../i18n.ts'
import { ConsoleTime } from './console-time.tsx'
import { Rows, Section } from './member-file-parts.tsx'

// Support's records of a member's file (a moderator's file has none of them: least privilege).

/** The credit ledger, newest first. */
export function Ledger({ ledger }: { ledger: NonNullable<MemberFile['ledger']> }) {
  const { t } = useTranslation()
  return (
    <Section title={t('console.members.ledger')}>
      <Rows
        empty={ledger.length === 0}
        head={[
          t('console.members.when'),
          t('console.members.what'),
          t('console.members.change'),
          t('console.members.balance'),
        ]}
      >
        {ledger.map((l) => (
          <tr key={l.id}>
            <td className="text-nowrap">
              <ConsoleTime at={l.created_at} />
            </td>
            {/* In the words the member reads on their transactions (a new reason shows as stored). */}
            <td>{t(`transactions.reasons.${l.reason}`, { defaultValue: l.reason })}</td>
            <td className={l.delta < 0 ? 'text-danger' : 'text-success'}>
              {l.delta > 0 ? '+' : ''}
              {l.delta}
            </td>
            <td>{l.balance_after}</td>
          </tr>
        ))}
      </Rows>
    </Section>
  )
}

/** The member's open sessions and the mails sent to them. */
export function SessionsAndMails({
  sessions,
  mails,
}: {
  sessions: NonNullable<MemberFile['sessions']>
  mails: NonNullable<MemberFile['mails']>
}) {
  const { t } = useTranslation()
  return (
    <>
      <Section title={t('console.members.sessions')}>
        <Rows empty={sessions.length === 0} head={[t('console.members.when'), t('console.members.open')]}>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td>
                <ConsoleTime at={s.created_at} />
              </td>
              <td>
                <ConsoleTime at={s.expires_at} />
              </td>
            </tr>
          ))}
        </Rows>
      </Section>
      <Section title={t('console.members.mails')}>
        <Rows empty={mails.length === 0} head={[t('console.members.when'), t('console.members.subject')]}>
          {mails.map((m) => (
            <tr key={m.id}>
              <td className="text-nowrap">
                <ConsoleTime at={m.created_at} />
              </td>
              <td>{m.subject}</td>
            </tr>
          ))}
        </Rows>
      </Section>
    </>
  )
}
