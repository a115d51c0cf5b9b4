import path from 'node:path'
import type { selectMemberData } from './data-export.queries.ts'

// What a member's data export holds (ADR 16): its JSON files, and the media files beside them.

export type MemberData = NonNullable<Awaited<ReturnType<typeof selectMemberData>>>

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
/** Where a file sent in chat goes in the zip: its kind's folder (chat-photos/, chat-voices/). */
const chatFile = (kind: string, key: string) => `chat-${kind}s/${path.basename(key)}`
const photoFile = (key: string) => `photos/${path.basename(key)}`
const voicePromptFile = (key: string) => `voice-prompt/${path.basename(key)}`

/** The export's JSON files: what the member gave, did and was sent, never another member's private data. */
export function exportFiles(data: MemberData): Record<string, unknown> {
  const { user, profile } = data
  const me = user.id
  return {
    'profile.json': {
      account: {
        id: user.id,
        email: user.email,
        language: user.language,
        status: user.status,
        credits: user.credits,
        premium: user.paidUser,
        signup_date: iso(user.signupDate),
        last_login_at: iso(user.lastLoginAt),
        time_zone: user.timeZone,
        voice_notes_from_members_written_to: user.voiceNotes,
      },
      profile: {
        id: profile.id,
        name: profile.name,
        gender: profile.gender,
        sexuality: profile.sexuality,
        date_of_birth: profile.birthDate,
        country: profile.country,
        city: profile.city,
        about: profile.about,
        hair_color: profile.hairColor,
        eye_color: profile.eyeColor,
        body_type: profile.bodyType,
        relationship_status: profile.relationshipStatus,
        tattoos: profile.tattoos,
        invisible: profile.invisible,
        interests: data.interests,
      },
      photos: data.photos.map((p) => ({ file: photoFile(p.filename), status: p.status })),
      prompts: data.prompts,
      opening_moves: data.openingMoves,
      voice_prompt: data.voicePrompt
        ? {
            prompt: data.voicePrompt.prompt,
            file: voicePromptFile(data.voicePrompt.filename),
            seconds: data.voicePrompt.seconds,
            status: data.voicePrompt.status,
            recorded_at: data.voicePrompt.createdAt.toISOString(),
          }
        : null,
    },
    'messages.json': data.messages.map((m) => ({
      conversation: m.conversation,
      with: m.partnerName,
      direction: m.sender === me ? 'sent' : 'received',
      kind: m.kind,
      text: m.body,
      gift: m.gift,
      // A file sent (a photo, a voice note) is in the zip, in its kind's folder; one received is the other's.
      file: m.file ? (m.sender === me ? chatFile(m.kind, m.file) : '(received: not included)') : null,
      at: iso(m.createdAt),
    })),
    'likes.json': data.likes.map((l) => ({
      direction: l.liker === me ? 'given' : 'received',
      member: l.name,
      at: iso(l.createdAt),
    })),
    'payments.json': data.payments.map((p) => ({
      id: p.id,
      status: p.status,
      amount: p.amount / 100,
      currency: p.currency,
      credits: p.credits,
      method: p.method,
      discount_code: p.discountCode,
      at: iso(p.createdAt),
    })),
    'ledger.json': data.ledger.map((l) => ({
      change: l.delta,
      balance: l.balanceAfter,
      reason: l.reason,
      at: iso(l.createdAt),
    })),
    'verification.json': {
      verified_face_kept_since: iso(data.verifiedAt),
      only_verified_members_may_start_a_conversation: user.verifiedContactOnly,
      checks: data.verifications.map((v) => ({
        outcome: v.status,
        reason: v.reason,
        started: iso(v.createdAt),
        decided: iso(v.decidedAt),
      })),
    },
    'sessions.json': data.sessions.map((s) => ({ started: iso(s.createdAt), ends: iso(s.expiresAt) })),
    'consents.json': {
      terms_version_accepted: iso(user.termsVersion),
      terms_accepted_at: iso(user.signupDate),
      notifications_disabled: user.notificationsDisabled,
      push_subscriptions: data.push.map((p) => ({ since: iso(p.createdAt) })),
      tracking_at_signup: user.tracking,
    },
  }
}

/**
 * The files the zip holds beside its JSON, each as the JSON names it: the profile's photos and
 * voice prompt, and what the member sent in chat (what they received is the other member's).
 */
export function exportMedia(data: MemberData): Array<{ key: string; name: string }> {
  return [
    ...data.photos.map((p) => ({ key: p.filename, name: photoFile(p.filename) })),
    ...(data.voicePrompt
      ? [{ key: data.voicePrompt.filename, name: voicePromptFile(data.voicePrompt.filename) }]
      : []),
    ...data.messages.flatMap((m) =>
      m.file && m.sender === data.user.id ? [{ key: m.file, name: chatFile(m.kind, m.file) }] : [],
    ),
  ]
}
