import { dateTimeFormat } from '#common/intl.ts'
import { useTranslation } from '../i18n.ts'

/** A date and time (ISO) in the member's language, long: "28 November 2026 at 11:33". */
export function useDateTime() {
  const { i18n } = useTranslation()
  return (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))
}
