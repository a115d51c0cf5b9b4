import { Link } from 'react-router'
import { GiftIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useLoginPrompt } from '../accounts/index.ts'

/** Send a gift: the conversation opens with the gift catalogue; a visitor is asked to log in (spec section 6). */
export function GiftButton({ profile }: { profile: { id: number; name: string } }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { user } = useRootData()
  const promptLogin = useLoginPrompt()
  if (user) {
    return (
      <Link to={`/members/${profile.id}/chat?gift=1`} className="btn btn-outline-primary">
        <GiftIcon /> <span className="ms-1">{t('chat.gifts.open')}</span>
      </Link>
    )
  }
  return (
    <button
      type="button"
      className="btn btn-outline-primary"
      disabled={!hydrated}
      onClick={() => promptLogin(t('chat.gifts.loginToGift', { name: profile.name }))}
    >
      <GiftIcon /> <span className="ms-1">{t('chat.gifts.open')}</span>
    </button>
  )
}
