import type { ReportContext } from '#common/schemas/moderation.ts'
import { useTranslation } from '../../i18n.ts'
import { consoleTime } from './console-time.tsx'
import { QuotedMessages } from './report-messages.tsx'
import { SignalDetail } from './signal-detail.tsx'

/**
 * What opened a case and what it held then, in the moderator's language (issue 56): where a
 * member reported from, the messages as they stood at the report, what the rules found in a
 * reported message, who opened a case from a member's file, or the signal behind it. The
 * reporter's own words come after it, as they wrote them.
 */
export function ReportContextView({ context, words }: { context: ReportContext | null; words: string }) {
  const { t } = useTranslation()
  return (
    <div className="mb-3" data-testid="report-context">
      {context ? <p className="small fw-semibold mb-1">{<Source context={context} />}</p> : null}
      {words ? (
        <blockquote className="border-start border-3 ps-2 mb-2" style={{ whiteSpace: 'pre-wrap' }}>
          {context &&
          context.source !== 'staff' &&
          context.source !== 'signal' &&
          context.source !== 'call' ? (
            <span className="text-body-secondary">{t('console.reports.context.words')} </span>
          ) : null}
          {words}
        </blockquote>
      ) : null}
      {context &&
      (context.source === 'sheet' || context.source === 'message') &&
      context.quoted.length > 0 ? (
        <QuotedMessages quoted={context.quoted} />
      ) : null}
    </div>
  )
}

function Source({ context }: { context: ReportContext }) {
  const { t } = useTranslation()
  switch (context.source) {
    case 'sheet':
      return (
        <>
          {context.conversation === null
            ? t('console.reports.context.sheetProfile')
            : t('console.reports.context.sheetChat', { id: context.conversation })}
        </>
      )
    case 'message':
      return (
        <>
          {t('console.reports.context.message')}
          {context.flags.length > 0
            ? ` ${t('console.reports.context.found', {
                flags: context.flags
                  .map((f) => t(`console.members.safety.flags.${f}`, { defaultValue: f }))
                  .join(', '),
              })}`
            : ''}
        </>
      )
    case 'call':
      return (
        <>
          {t('console.reports.context.call', {
            kind: t(`console.reports.context.callKinds.${context.video ? 'video' : 'voice'}`),
            call: context.call,
            who: t(`console.reports.context.callWho.${context.from}`),
            at: consoleTime(context.started_at),
            seconds: context.seconds,
          })}
        </>
      )
    case 'staff':
      return <>{t('console.reports.context.staff', { by: context.by })}</>
    case 'signal':
      return (
        <>
          {t(`console.signals.kinds.${context.kind}`)}: <SignalDetail signal={context} />
        </>
      )
  }
}
