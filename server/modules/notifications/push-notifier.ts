import { localeOfLanguage } from '#common/locale.ts'
import type { SiteSettings } from '#common/schemas/sites.ts'
import type { Db } from '#server/db/client.ts'
import { BATCH_LIMITS, createBatcher } from '#server/lib/batches.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvent } from '#server/lib/events.ts'
import { translator } from '#server/lib/i18n.ts'
import { claimNotification } from './notifications.queries.ts'
import { deleteSubscription, type PushTarget, selectProfileName, selectPushTargets } from './push.queries.ts'
import type { PushPayload, PushSend } from './push-sender.ts'

type Pushed = {
  key: string
  kind: 'message' | 'like' | 'match' | 'ring' | 'call'
  from: number
  checkUrl: string
}

/** The events that reach an absent member as a push, with their once-only key (ADR 19). */
function pushOf(event: DomainEvent): Pushed | null {
  // The sender's copy of their own message, or a member with no device to push to (events.ts).
  if (event.noPush) return null
  switch (event.type) {
    case 'message.created':
      return {
        key: `push:message:${event.message.id}:${event.userId}`,
        kind: 'message',
        from: event.message.profile,
        checkUrl: `/chats/${event.conversation}`,
      }
    case 'like.created':
      return {
        key: `push:like:${event.userId}:${event.profileId}`,
        kind: 'like',
        from: event.profileId,
        checkUrl: '/likes',
      }
    case 'match.created':
      return {
        key: `push:match:${event.userId}:${event.profileId}`,
        kind: 'match',
        from: event.profileId,
        checkUrl: `/members/${event.profileId}`,
      }
    case 'call.ringing':
    case 'call.ended': {
      // A ring, and a call the callee missed: only those carry what their push names (calls.service.ts).
      // The page a ring's push opens rings (websocket.ts); the missed call's push takes its place.
      const kind = event.type === 'call.ringing' ? 'ring' : 'call'
      return event.pushAbout
        ? {
            key: `push:${kind}:${event.call}:${event.userId}`,
            kind,
            from: event.pushAbout.profile,
            checkUrl: `/chats/${event.pushAbout.conversation}`,
          }
        : null
    }
    default:
      return null
  }
}

/**
 * Web push for a new message, a like, a match, a call ringing and a call missed, to a member with no
 * visible page open. Every node hears every event (the bus goes through Redis); the once-only key
 * lets one of them send it.
 */
export function pushNotifier(
  db: Db,
  deps: {
    now: Clock
    send: PushSend
    onError: (error: unknown) => void
    /** The site of a member: its fictional mark and sentence (ADR 32). */
    siteOf: (siteId: number) => { settings: Pick<SiteSettings, 'fictional_icon' | 'fictional_warning'> }
  },
) {
  // Every message asks for its recipient's subscriptions: those of one moment share one query.
  const targetsOf = createBatcher(
    async (userIds: number[]) => {
      const byUser = new Map<number, PushTarget[]>()
      for (const target of await selectPushTargets(db, [...new Set(userIds)], deps.now())) {
        const found = byUser.get(target.userId)
        if (found) found.push(target)
        else byUser.set(target.userId, [target])
      }
      return userIds.map((id) => byUser.get(id) ?? [])
    },
    { ...BATCH_LIMITS, name: 'push_targets' },
  )

  return async function handle(event: DomainEvent): Promise<number> {
    const pushed = pushOf(event)
    if (!pushed) return 0
    const at = deps.now()
    const targets = await targetsOf(event.userId)
    const [first] = targets
    // Push turned off, or nobody to push to (the sender's copy never gets here: it is marked noPush).
    if (!first || first.settings.push === false) return 0
    if (
      !(await claimNotification(
        db,
        { key: pushed.key, userId: event.userId, kind: `push_${pushed.kind}` },
        at,
      ))
    ) {
      return 0
    }
    const from = await selectProfileName(db, pushed.from)
    const locale = localeOfLanguage(first.language)
    const t = translator(locale)
    // A fictional profile is named with its mark, and the push says what that mark means (ADR 32).
    const { settings } = deps.siteOf(first.siteId)
    const name = from?.fictional ? `${from.name} ${settings.fictional_icon}` : (from?.name ?? '')
    const payload: PushPayload = {
      type: 'NEW_PUSH_MESSAGE',
      title: t(`push.${pushed.kind}.title`, { name }),
      body: from?.fictional
        ? (settings.fictional_warning[locale] ?? settings.fictional_warning.en)
        : t(`push.${pushed.kind}.body`, { name }),
      icon: '/favicon.svg',
      // A missed call's push takes the place of its ring's: one tag for a conversation's calls.
      tag:
        pushed.kind === 'message'
          ? `chat-${pushed.checkUrl}`
          : pushed.kind === 'ring' || pushed.kind === 'call'
            ? `call-${pushed.checkUrl}`
            : `${pushed.kind}-${pushed.from}`,
      checkUrl: pushed.checkUrl,
      openUrl: '/login',
      ...(pushed.kind === 'ring' ? { ring: true as const } : {}),
    }
    let sent = 0
    await Promise.all(
      targets.map(async (target) => {
        try {
          const status = await deps.send(target, payload)
          if (status === 404 || status === 410) await deleteSubscription(db, target.endpoint)
          else if (status >= 200 && status < 300) sent++
        } catch (error) {
          deps.onError(error)
        }
      }),
    )
    return sent
  }
}
