import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  layout('routes/layouts/default-layout.tsx', [
    index('routes/home.tsx'),
    route('lang-config', 'routes/lang-config.tsx'),
    route('login', 'routes/accounts/login.tsx'),
    route('signup', 'routes/accounts/signup.tsx'),
    route('activate/done', 'routes/accounts/activate-done.tsx'),
    route('activate/error', 'routes/accounts/activate-error.tsx'),
    route('members', 'routes/members/search.tsx'),
    route('members/:id', 'routes/members/member.tsx'),
    route('complete-signup', 'routes/accounts/complete-signup.tsx'),
    route('signup-matches', 'routes/accounts/signup-matches.tsx'),
    route('reset-password', 'routes/accounts/reset-password.tsx'),
    route('reset-password/do', 'routes/accounts/reset-password-do.tsx'),
    route('notifications', 'routes/accounts/settings.tsx'),
    route('profile', 'routes/accounts/profile.tsx'),
    route('mail-change/do', 'routes/accounts/mail-change-do.tsx'),
    route('account-deleted', 'routes/accounts/account-deleted.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('complaints', 'routes/complaints.tsx'),
    route('pages/:page', 'routes/content/content-page.tsx'),
    route(':token', 'routes/content/token-page.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('routes/layouts/lander-layout.tsx', [
    route('landers/tinderswipe', 'routes/landers/lander.tsx', { id: 'lander-tinderswipe' }),
    route('landers/:lander/:slug?', 'routes/landers/lander.tsx'),
  ]),
  layout('routes/layouts/chat-layout.tsx', [route('members/:id/chat', 'routes/members/member-chat.tsx')]),
  layout('routes/layouts/empty-layout.tsx', [
    route('members/:id/landing', 'routes/members/member-landing.tsx', { id: 'member-landing' }),
    route('members/:id/signup', 'routes/members/member-signup.tsx'),
    route('members/:id/landing2/:slug?', 'routes/members/member-landing.tsx', { id: 'member-landing2' }),
    route('members/:id/landing3/:slug?', 'routes/members/member-landing.tsx', { id: 'member-landing3' }),
  ]),
] satisfies RouteConfig
