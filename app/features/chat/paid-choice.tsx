import { useTranslation } from '../../i18n.ts'
import { useCreditsWorth } from '../credits/index.ts'

/** What a dialog that spends credits on a message (a gift, a photo) knows of its price and the payer. */
export interface PaidChoice {
  cost: number
  /** The member's credits now. */
  credits: number
  /** The next message here is free (the welcome offer): so is a gift or photo sent as it. */
  free: boolean
  partnerName: string
  /** Where a purchase comes back to. */
  returnTo: string
  /** Until when the member takes a break from purchases (ISO), or null. */
  breakUntil: string | null
}

/** Whether the member's credits pay for the choice now. */
export const affordable = (choice: Pick<PaidChoice, 'free' | 'cost' | 'credits'>) =>
  choice.free || choice.cost <= 0 || choice.credits >= choice.cost

/** The member's credits and what they are worth (issue 56: the balance beside every price). */
export function Balance({
  credits,
  className,
  testId,
}: {
  credits: number
  className?: string
  testId?: string
}) {
  const { t } = useTranslation()
  const worth = useCreditsWorth()(credits)
  return (
    <p className={className ?? 'small text-body-secondary'} data-testid={testId}>
      {worth
        ? t('chat.photoPreview.balanceWorth', { count: credits, money: worth })
        : t('chat.gifts.youHave', { count: credits })}
    </p>
  )
}
