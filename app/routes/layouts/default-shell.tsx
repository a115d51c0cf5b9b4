import type { ReactNode } from 'react'
import { BannerTurns } from '../../components/banner-alert.tsx'
import { Footer } from '../../components/footer.tsx'
import { SiteEntryWarning } from '../../components/modals/site-entry-warning.tsx'
import { IdlePrefetch } from '../../components/navigation/idle-prefetch.tsx'
import { ActivationReminder } from '../../features/accounts/activation-reminder.tsx'
import { EnrichProfileAlert } from '../../features/accounts/enrich-profile-alert.tsx'
import { LoginPromptProvider } from '../../features/accounts/login-prompt.tsx'
import { NotificationsDisabledAlert } from '../../features/accounts/notifications-disabled-alert.tsx'
import { PushAlert } from '../../features/accounts/push-alert.tsx'
import { SignupModalProvider } from '../../features/accounts/signup-modal.tsx'
import { TimeBonusBanner, TimeBonusProvider } from '../../features/credits/time-bonus.tsx'
import { LikeModal } from '../../features/likes/like-modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { HydrateLater } from '../../lib/hydration.ts'
import { TabBar } from './tab-bar.tsx'
import { TopNav } from './top-nav.tsx'

/** The chrome of the Default layout around a page. */
export function DefaultShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <SignupModalProvider>
      <LoginPromptProvider>
        <TimeBonusProvider>
          <div className="d-flex flex-column min-vh-100">
            <a href="#main" className="visually-hidden-focusable skip-link">
              {t('nav.skip')}
            </a>
            <HydrateLater>
              <TopNav />
            </HydrateLater>
            <TimeBonusBanner />
            <BannerTurns>
              <ActivationReminder />
              <NotificationsDisabledAlert />
              <PushAlert />
              <EnrichProfileAlert />
            </BannerTurns>
            <main id="main" className="flex-grow-1" tabIndex={-1}>
              {children}
            </main>
            <Footer />
            <TabBar />
            <SiteEntryWarning />
            <LikeModal />
            <IdlePrefetch />
          </div>
        </TimeBonusProvider>
      </LoginPromptProvider>
    </SignupModalProvider>
  )
}
