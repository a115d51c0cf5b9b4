import { data, type RouterContextProvider, redirect } from 'react-router'
import { CONSOLE_PAGES, type ConsolePageKey, mayOpen } from '#common/console-pages.ts'
import { ContentPageQuery } from '#common/schemas/content.ts'
import { PhotoQueueQuery } from '#common/schemas/moderation.ts'
import { AuditQuery } from '#common/schemas/staff.ts'
import { StatsQuery } from '#common/schemas/statistics.ts'
import type { StaffRole } from '#common/staff.ts'
import { getAppContext } from '../../context.server.ts'

/**
 * A console page or step for `roles`: a visitor (or a half-logged staff member) goes to
 * /admin/login; another role gets a 403 page. Admins see every page. Answers who is logged in.
 */
export function requireStaffRoles(context: Readonly<RouterContextProvider>, roles: readonly StaffRole[]) {
  const staff = getAppContext(context).staff
  if (!staff) throw redirect('/admin/login')
  // Refused: the console's own page says which roles the page is for (issue 39, point 2).
  if (!mayOpen(staff.role, roles))
    throw data({ roles: [...roles, 'admin'], role: staff.role }, { status: 403 })
  return { email: staff.email, role: staff.role }
}

/** A console page of common/console-pages.ts, by its key: its roles are the table's. */
const requireStaffPage = (context: Readonly<RouterContextProvider>, page: ConsolePageKey) =>
  requireStaffRoles(context, CONSOLE_PAGES[page].roles)

/** /admin: what waits in each queue, and the last two weeks. */
export async function loadDashboard(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'dashboard')
  const app = getAppContext(context)
  const { dashboard } = app.services
  const [queues, daily] = await Promise.all([dashboard.queues(), dashboard.daily()])
  // The ages are as of the app's clock when the page was made: the same in the browser's render.
  return { staff, queues, daily, now: app.now.toISOString() }
}

/** /admin/audit: the audit log, filtered by the query (admins only). */
export async function loadAudit(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'audit')
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = AuditQuery.safeParse(params)
  const filter = parsed.success ? parsed.data : {}
  const page = await getAppContext(context).services.audit.list(filter)
  return { staff, filter, ...page }
}

/** /admin/photos: a page of the photo queue, the first or the one after `?after=` (moderators). */
export async function loadPhotoQueue(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'photos')
  const given = new URL(request.url).searchParams.get('after')
  const after = PhotoQueueQuery.safeParse(given === null ? {} : { after: Number(given) })
  const services = getAppContext(context).services
  const page = after.success ? after.data.after : undefined
  // The voice prompts waiting show above the first page; the photos' next pages load without them.
  const [queue, voicePrompts] = await Promise.all([
    services.photoReview.queue(page),
    page === undefined ? services.voicePrompts.queue() : null,
  ])
  return { staff, ...queue, voicePrompts }
}

/** /admin/reports: the report queue with each report's context (moderators). */
export async function loadReportQueue(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'reports')
  const app = getAppContext(context)
  const queue = await app.services.reports.queue(app.staff?.staffId ?? null)
  return { staff, ...queue }
}

/** /admin/signals: members put in the queue without a report (moderators). */
export async function loadSignals(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'signals')
  const { services } = getAppContext(context)
  const [queue, safety] = await Promise.all([services.signals.queue(), services.safety.recentStats()])
  return { staff, ...queue, safety }
}

/** /admin/verifications: live checks that wait for a moderator (issue 37). */
export async function loadVerificationQueue(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'verifications')
  return { staff, ...(await getAppContext(context).services.verification.queue()) }
}

/** /admin/bans: sign-up bans by address, domain and network (moderators). */
export async function loadBans(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'bans')
  const { services } = getAppContext(context)
  const sites = services.sites.list().map((s) => ({ id: s.id, name: s.settings.name }))
  return { staff, sites, ...(await services.bans.list()) }
}

/** /admin/members: find a member (support, and moderators who act on members). */
export async function loadMemberLookup(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'members')
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 254)
  const { members } = q ? await getAppContext(context).services.memberSupport.lookUp(q) : { members: [] }
  return { staff, q, members }
}

/** /admin/members/{id}: a member's file (support; moderators see it without payments). */
export async function loadMemberFile(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const staff = requireStaffPage(context, 'memberFile')
  const userId = Number(id)
  if (!Number.isInteger(userId) || userId <= 0 || userId > 2_147_483_647) throw data(null, { status: 404 })
  const { member } = await getAppContext(context)
    .services.memberSupport.file(userId, staff)
    .catch(() => {
      throw data(null, { status: 404 })
    })
  return { staff, member }
}

/** /admin/staff: the staff accounts (admins only). */
export async function loadStaff(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'staff')
  const app = getAppContext(context)
  const { staff: accounts } = await app.services.staffAdmin.list()
  return { staff, me: app.staff?.staffId ?? null, accounts }
}

/** /admin/inbox: the operators' inbox (operators). */
export async function loadInbox(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'inbox')
  const app = getAppContext(context)
  const me = app.staff?.staffId ?? 0
  // The conversation this operator took (`?conversation=`), while their claim holds.
  const asked = Number(new URL(request.url).searchParams.get('conversation'))
  const [queue, open] = await Promise.all([
    app.services.inbox.queue(me),
    Number.isInteger(asked) && asked > 0
      ? app.services.inbox.conversation(me, asked).then(
          (found) => found.conversation,
          () => null,
        )
      : null,
  ])
  return { staff, ...queue, open }
}

/** /admin/fictional: the fictional profiles (operators). */
export async function loadFictionalProfiles(context: Readonly<RouterContextProvider>) {
  const staff = requireStaffPage(context, 'fictional')
  const { services } = getAppContext(context)
  const sites = services.sites
    .list()
    .map((s) => ({ id: s.id, name: s.settings.name, countries: s.settings.countries }))
  const interests = services.sites.listInterests(getAppContext(context).locale)
  return { staff, sites, interests, ...(await services.fictional.list()) }
}

/** /admin/fictional/{id}: one fictional profile to edit (operators). */
export async function loadFictionalProfile(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const staff = requireStaffPage(context, 'fictionalProfile')
  const profileId = Number(id)
  if (!Number.isInteger(profileId) || profileId <= 0 || profileId > 2_147_483_647)
    throw data(null, { status: 404 })
  const { services } = getAppContext(context)
  const { profile } = await services.fictional.get(profileId).catch(() => {
    throw data(null, { status: 404 })
  })
  const site = services.sites.list().find((s) => s.id === profile.site)
  return {
    staff,
    profile,
    prompts: await services.profilePrompts.ofFictional(profileId),
    countries: site?.settings.countries ?? [],
    interests: services.sites.listInterests(getAppContext(context).locale),
    regions: { country: profile.country, regions: await services.sites.listRegions(profile.country) },
  }
}

/** /admin/settings: a site's business settings (admins). */
export async function loadSiteSettings(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'settings')
  const { services } = getAppContext(context)
  const sites = services.sites.list().map((s) => ({ id: s.id, name: s.settings.name }))
  const asked = Number(new URL(request.url).searchParams.get('site'))
  const siteId = sites.some((s) => s.id === asked) ? asked : sites[0].id
  // How this deployment offers calls (issue 59): through the relay, on one machine only, or not at all.
  return { staff, sites, calls: services.calls.transport, ...(await services.siteSettings.get(siteId)) }
}

/** /admin/catalog: a site's bundles and discount codes (admins). */
export async function loadCatalog(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'catalog')
  const { services } = getAppContext(context)
  const sites = services.sites.list().map((s) => ({ id: s.id, name: s.settings.name }))
  const asked = Number(new URL(request.url).searchParams.get('site'))
  const siteId = sites.some((s) => s.id === asked) ? asked : sites[0].id
  return { staff, sites, siteId, ...(await services.catalog.list(siteId)) }
}

/** /admin/statistics: the report the address asks for, or the last 30 days by day (admins). */
export async function loadStatistics(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'statistics')
  const { services } = getAppContext(context)
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ''))
  const parsed = StatsQuery.safeParse(params)
  const query = parsed.success ? parsed.data : services.statistics.defaultQuery()
  const sites = services.sites.list().map((s) => ({ id: s.id, name: s.settings.name }))
  // The report and the safety rules over the same days and site (issue 38), read side by side.
  const [report, safety] = await Promise.all([
    services.statistics.report(query),
    services.safety.stats({ from: query.from, to: query.to, site: query.site }),
  ])
  return {
    staff,
    sites,
    query,
    invalid: !parsed.success && Object.keys(params).length > 0,
    report,
    safety,
  }
}

/** /admin/content: a site's content pages in both languages (admins). */
export async function loadContentPages(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'content')
  const { services } = getAppContext(context)
  const sites = services.sites.list().map((s) => ({ id: s.id, name: s.settings.name }))
  const asked = Number(new URL(request.url).searchParams.get('site'))
  const siteId = sites.some((s) => s.id === asked) ? asked : sites[0].id
  const open = ContentPageQuery.safeParse({
    ...Object.fromEntries(new URL(request.url).searchParams),
    site: siteId,
  })
  return {
    staff,
    sites,
    siteId,
    ...(await services.contentPages.list(siteId)),
    editing: open.success ? await services.contentPages.get(open.data) : null,
  }
}

/** /admin/payments: payments found by the address's `q`, the latest without one (support, admins). */
export async function loadPayments(context: Readonly<RouterContextProvider>, request: Request) {
  const staff = requireStaffPage(context, 'payments')
  const q = new URL(request.url).searchParams.get('q')?.trim().slice(0, 100) ?? ''
  const { payments } = await getAppContext(context).services.refunds.search(q || undefined)
  return { staff, q, payments }
}
