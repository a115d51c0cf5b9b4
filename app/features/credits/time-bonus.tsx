import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { api } from '#common/api.ts'
import { COUNTDOWN_TICK_MS, TIME_BONUS_MODAL_DELAY_MS } from '#common/constants.ts'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useMember } from '../../lib/member.tsx'
import { isMembersArea } from '../../lib/members-area.ts'
import { countdownText } from './countdown.ts'

interface TimeBonus {
  code: string
  percentage: number
  /** Milliseconds left, ticking each second; 0 when there is none. */
  left: number
}

/** The running bonus, and whether it is still being asked for. */
const TimeBonusContext = createContext<{ bonus: TimeBonus | null; loading: boolean }>({
  bonus: null,
  loading: false,
})

export function useTimeBonus(): TimeBonus | null {
  return useContext(TimeBonusContext).bonus
}

/** Whether the member's time bonus is still being asked for: a price shown meanwhile may drop. */
export function useTimeBonusLoading(): boolean {
  return useContext(TimeBonusContext).loading
}

const MODAL_DISMISSED_KEY = 'dismissed-time-bonus-modal'

/**
 * The welcome time bonus (spec sections 4 and 9): loaded at login for an unpaid member, a countdown
 * ticking each second, gone at zero, on logout or once paid; its modal after 40 s in the members
 * area when the member has no credits, unless dismissed before.
 */
export function TimeBonusProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  // The member's store (app/lib/member.tsx) is the one owner of the member in the browser.
  const { user } = useMember()
  const location = useLocation()
  const [bonus, setBonus] = useState<{ code: string; percentage: number; expires: number } | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [showModal, setShowModal] = useState(false)
  const [loading, setLoading] = useState(false)
  const eligible = user !== null && !user.paid_user
  const userId = user?.id ?? null

  // Login loads it; logout and payment clear it. Errors of the welcome call are ignored (spec section 8).
  useEffect(() => {
    setBonus(null)
    if (!eligible || userId === null) return
    let current = true
    setLoading(true)
    callApi(api.discountCode, { query: { welcome: 'true' }, retries: 0 })
      .then((code) => {
        if (current && code.expires_in && !code.expired) {
          // The deadline is the server's, fixed at sign-up: counted from the seconds it says are
          // left, never from the browser's clock (ADR 32).
          setBonus({
            code: code.code,
            percentage: code.value_percentage,
            expires: Date.now() + code.expires_in * 1000,
          })
        }
      })
      .catch(() => {})
      .finally(() => {
        if (current) setLoading(false)
      })
    return () => {
      current = false
      setLoading(false)
    }
  }, [eligible, userId])

  useEffect(() => {
    if (!bonus) return
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [bonus])

  const left = bonus ? Math.max(0, bonus.expires - now) : 0
  const active = bonus !== null && left > 0

  const inMembersArea = isMembersArea(location.pathname)
  const noCredits = (user?.credits ?? 1) === 0
  useEffect(() => {
    if (!active || !inMembersArea || !noCredits || localStorage.getItem(MODAL_DISMISSED_KEY)) return
    const timer = setTimeout(() => setShowModal(true), TIME_BONUS_MODAL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [active, inMembersArea, noCredits])

  const dismiss = () => {
    localStorage.setItem(MODAL_DISMISSED_KEY, new Date().toISOString())
    setShowModal(false)
  }

  const value = active && bonus ? { code: bonus.code, percentage: bonus.percentage, left } : null
  return (
    <TimeBonusContext.Provider value={{ bonus: value, loading }}>
      {children}
      <Modal
        show={showModal && value !== null}
        onHide={dismiss}
        centered
        id="time-bonus-modal"
        aria-labelledby="time-bonus-title"
      >
        <Modal.Header closeButton closeLabel={t('likes.close')}>
          <Modal.Title as="h2" className="h5" id="time-bonus-title">
            {t('timeBonus.title', { percent: value?.percentage ?? 25 })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('timeBonus.text', { percent: value?.percentage ?? 25 })}</p>
          <p className="h3 text-center">{countdownText(value?.left ?? 0)}</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={dismiss}>
            {t('timeBonus.later')}
          </button>
          <Link to="/credits" className="btn btn-primary" onClick={dismiss}>
            {t('timeBonus.use')}
          </Link>
        </Modal.Footer>
      </Modal>
    </TimeBonusContext.Provider>
  )
}

/** The running time bonus under the navigation: what it gives and the countdown. */
export function TimeBonusBanner() {
  const { t } = useTranslation()
  const value = useTimeBonus()
  if (!value) return null
  return (
    <div className="time-bonus-banner text-center small py-1 px-2" role="status">
      {/* On a phone the short wording keeps the strip to one line. */}
      <span className="d-none d-sm-inline">{t('timeBonus.banner', { percent: value.percentage })} </span>
      <span className="d-sm-none">{t('timeBonus.bannerShort', { percent: value.percentage })} </span>
      <span className="fw-semibold time-bonus-countdown" aria-live="off">
        {countdownText(value.left)}
      </span>{' '}
      <Link to="/credits" className="fw-semibold text-nowrap">
        {t('timeBonus.use')}
      </Link>
    </div>
  )
}
