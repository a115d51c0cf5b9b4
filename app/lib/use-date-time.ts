import { dateTimeFormat, regionalLocale } from '#common/intl.ts'
import { useTranslation } from '../i18n.ts'
import { useMember } from './member.tsx'

/** A date and time (ISO) in the member's language as written in their country: "28 November 2026 at 11:33". */
export function useDateTime() {
  const { i18n } = useTranslation()
  const { user } = useMember()
  const locale = regionalLocale(i18n.language, user?.profile.country)
  return (iso: string) =>
    dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))
}
