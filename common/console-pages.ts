import type { StaffRole } from './staff.ts'

// The operations console's pages (issue 57, point 2): the one place that names each page, its
// roles, its place on the menu and its route file. app/routes.ts makes the routes from it, the
// console's menu lists it, each page's loader checks its roles by its key, the console's calls that
// belong to a page take the page's roles, and the pages' authorization journey walks it. A new
// page is an entry here, its route file and its loader.

/** Only admins: no other role is named. (Admins pass every page's and every call's check.) */
export const ADMINS_ONLY: readonly StaffRole[] = []

/** Every role of the console but admin: each sees the page. */
const EVERY_ROLE: readonly StaffRole[] = ['moderator', 'support', 'operator']
/** The role sets of pages and of the steps on them narrower than their page (common/api.ts). */
export const MODERATORS: readonly StaffRole[] = ['moderator']
export const SUPPORT: readonly StaffRole[] = ['support']
const OPERATORS: readonly StaffRole[] = ['operator']
const MEMBER_FILES: readonly StaffRole[] = ['support', 'moderator']

export interface ConsolePage {
  /** As app/routes.ts writes it. */
  readonly path: string
  /** Its route module, under app/routes/admin/. */
  readonly file: string
  /** The roles besides admin that may open it. */
  readonly roles: readonly StaffRole[]
  /** Its name on the menu (a console string); a page without one is reached from another page. */
  readonly label?: string
  /** The menu's group it opens from (`console.menu.<group>`); none: on the menu's row itself. */
  readonly group?: 'moderation' | 'operators' | 'site' | 'figures'
}

/** In the menu's order. */
export const CONSOLE_PAGES = {
  dashboard: { path: 'admin', file: 'dashboard.tsx', roles: EVERY_ROLE, label: 'console.dashboard.title' },
  photos: {
    path: 'admin/photos',
    file: 'photos.tsx',
    roles: MODERATORS,
    label: 'console.nav_photos',
    group: 'moderation',
  },
  reports: {
    path: 'admin/reports',
    file: 'reports.tsx',
    roles: MODERATORS,
    label: 'console.nav_reports',
    group: 'moderation',
  },
  signals: {
    path: 'admin/signals',
    file: 'signals.tsx',
    roles: MODERATORS,
    label: 'console.nav_signals',
    group: 'moderation',
  },
  verifications: {
    path: 'admin/verifications',
    file: 'verifications.tsx',
    roles: MODERATORS,
    label: 'console.nav_verifications',
    group: 'moderation',
  },
  bans: {
    path: 'admin/bans',
    file: 'bans.tsx',
    roles: MODERATORS,
    label: 'console.nav_bans',
    group: 'moderation',
  },
  members: { path: 'admin/members', file: 'members.tsx', roles: MEMBER_FILES, label: 'console.nav_members' },
  memberFile: { path: 'admin/members/:id', file: 'member-file.tsx', roles: MEMBER_FILES },
  payments: {
    path: 'admin/payments',
    file: 'payments.tsx',
    roles: SUPPORT,
    label: 'console.nav_payments',
  },
  inbox: {
    path: 'admin/inbox',
    file: 'inbox.tsx',
    roles: OPERATORS,
    label: 'console.nav_inbox',
    group: 'operators',
  },
  fictional: {
    path: 'admin/fictional',
    file: 'fictional.tsx',
    roles: OPERATORS,
    label: 'console.nav_fictional',
    group: 'operators',
  },
  fictionalProfile: { path: 'admin/fictional/:id', file: 'fictional-profile.tsx', roles: OPERATORS },
  settings: {
    path: 'admin/settings',
    file: 'settings.tsx',
    roles: ADMINS_ONLY,
    label: 'console.nav_settings',
    group: 'site',
  },
  catalog: {
    path: 'admin/catalog',
    file: 'catalog.tsx',
    roles: ADMINS_ONLY,
    label: 'console.nav_catalog',
    group: 'site',
  },
  content: {
    path: 'admin/content',
    file: 'content.tsx',
    roles: ADMINS_ONLY,
    label: 'console.nav_content',
    group: 'site',
  },
  staff: {
    path: 'admin/staff',
    file: 'staff.tsx',
    roles: ADMINS_ONLY,
    label: 'console.nav_staff',
    group: 'site',
  },
  statistics: {
    path: 'admin/statistics',
    file: 'statistics.tsx',
    roles: ADMINS_ONLY,
    label: 'console.nav_statistics',
    group: 'figures',
  },
  audit: {
    path: 'admin/audit',
    file: 'audit.tsx',
    roles: ADMINS_ONLY,
    label: 'console.audit.title',
    group: 'figures',
  },
} as const satisfies Record<string, ConsolePage>

export type ConsolePageKey = keyof typeof CONSOLE_PAGES

/** Whether a staff member of `role` may open a page (or make a call) for `roles`. */
export const mayOpen = (role: StaffRole, roles: readonly StaffRole[]) =>
  role === 'admin' || roles.includes(role)
