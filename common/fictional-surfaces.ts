// Fictional profiles disclosed on every surface (issue 54, point 7; ADR 32). Every place that can
// show a fictional profile or its words is listed here; `common/fictional-surfaces.test.ts` checks
// that each carries the site's mark beside the name and the site's sentence (or sits in a page
// that carries it), and fails for a page file that names a member without being listed here or in
// NOT_SURFACES. A new surface joins this list.

/** Where the site's sentence shows for a surface. */
type SentenceSource =
  /** In the surface's own file. */
  | 'here'
  /** In every file that renders the surface's component (a card in a list: the list says it once). */
  | { underEvery: string }

interface FictionalSurface {
  /** What a member sees it as. */
  name: string
  /** The file that draws the profile's name beside its mark. */
  file: string
  sentence: SentenceSource
}

export const FICTIONAL_SURFACES: readonly FictionalSurface[] = [
  {
    name: 'member cards (search, likes, match finder, home, sign-up matches)',
    file: 'app/features/members/member-card.tsx',
    sentence: { underEvery: 'MemberCard' },
  },
  { name: 'the profile page', file: 'app/routes/members/member.tsx', sentence: 'here' },
  {
    name: 'a profile’s summary (visitor chat, sign-up from a profile)',
    file: 'app/features/members/profile-summary.tsx',
    sentence: 'here',
  },
  {
    name: 'a profile’s landing pages',
    file: 'app/routes/members/landings/hello-landing.tsx',
    sentence: 'here',
  },
  {
    name: 'a profile’s landing pages (portrait)',
    file: 'app/routes/members/landings/portrait-landing.tsx',
    sentence: 'here',
  },
  {
    name: 'a profile’s landing pages (question)',
    file: 'app/routes/members/landings/question-landing.tsx',
    sentence: 'here',
  },
  {
    name: 'the swipe game and the swipe lander',
    file: 'app/features/likes/swipe-card.tsx',
    sentence: { underEvery: 'SwipeCard' },
  },
  { name: 'the like modal', file: 'app/features/likes/like-modal.tsx', sentence: 'here' },
  { name: 'the automatic-like toast', file: 'app/features/likes/auto-like-toast.tsx', sentence: 'here' },
  { name: 'the match modal', file: 'app/features/likes/match-modal.tsx', sentence: 'here' },
  { name: 'the chat list', file: 'app/features/chat/chat-list-items.tsx', sentence: 'here' },
  {
    name: 'the chat header',
    file: 'app/features/chat/conversation-header.tsx',
    sentence: { underEvery: 'ConversationHeader' },
  },
  { name: 'landers (gallery)', file: 'app/routes/landers/gallery-lander.tsx', sentence: 'here' },
  { name: 'landers (feed)', file: 'app/routes/landers/feed-lander.tsx', sentence: 'here' },
  { name: 'landers (collage)', file: 'app/routes/landers/collage-lander.tsx', sentence: 'here' },
  { name: 'landers (night)', file: 'app/routes/landers/night-lander.tsx', sentence: 'here' },
  {
    name: 'the message mails and the unread reminder',
    file: 'server/modules/notifications/notification-mails.ts',
    sentence: 'here',
  },
  { name: 'web push', file: 'server/modules/notifications/push-notifier.ts', sentence: 'here' },
]

/**
 * Page files that name a member but never show a fictional profile as one, each with the reason.
 * (The likes mail and the weekly update never name a fictional profile at all: ADR 19.)
 */
export const NOT_SURFACES: Readonly<Record<string, string>> = {
  'app/components/navigation/account-menu.tsx': 'the member’s own name',
  'app/features/profile/profile-form.tsx': 'the member’s own profile',
  'app/routes/accounts/profile.tsx': 'the member’s own profile (their voice prompt’s player names them)',
  'app/features/chat/conversation.tsx':
    'the conversation: its header is a surface, and it carries the sentence above the messages',
  'app/features/calls/call-consent.tsx':
    'inside the conversation, which carries the mark and the sentence; with a fictional profile it says there is no call',
  'app/features/calls/call-screen.tsx': 'a call, which is only ever between two real members (issue 59)',
  'app/features/calls/call-in-progress.tsx': 'a call, which is only ever between two real members (issue 59)',
  'app/features/chat/gift-button.tsx': 'inside the conversation, which carries the mark and the sentence',
  'app/features/chat/your-turn-banner.tsx':
    'conversations waiting for an answer, which never include a fictional profile (issue 61)',
  'app/features/chat/profile-openers.tsx':
    'lines from a profile’s words, on its page or in the conversation, which carry the mark and the sentence',
  'app/features/likes/like-button.tsx':
    'a button on a card or a profile, which carry the mark and the sentence',
  'app/features/members/card-menu.tsx': 'a menu on a card, which carries the mark and the sentence',
  'app/features/members/report-sheet.tsx':
    'the report sheet, opened from a card, a profile or a conversation, each carrying the mark and the sentence',
  'app/features/members/photo-gallery.tsx':
    'the photos of the profile page, which carries the mark and the sentence',
  'app/routes/chat/conversation.tsx': 'draws the conversation (app/features/chat/conversation.tsx)',
  'app/routes/landers/lander-parts.tsx': 'a photo’s text and the landers’ footnotes, which are the sentence',
  'app/routes/landers/swipe-lander.tsx': 'draws the swipe card (a surface) with the sentence under it',
  'app/routes/likes/swipe-game.tsx': 'draws the swipe card (a surface) with the sentence under it',
  'app/routes/members/member-chat.tsx': 'draws the profile’s summary (a surface)',
  'app/routes/members/member-landing.tsx':
    'chooses a landing design (each a surface); names the profile in the page title only',
  'app/routes/members/member-signup.tsx': 'draws the profile’s summary (a surface)',
}

/** What in a file shows the mark: the badge, or (in a mail or a push) the site's icon after the name. */
export const MARKS = ['<FictionalBadge', 'fictional_icon']

/** What in a file shows the sentence: the site's warning, or a component that shows it. */
export const SENTENCES = [
  '<FictionalDisclosure',
  '<FictionalListNote',
  'fictional_warning',
  '<LanderFootnotes',
  '<LandingFootnotes',
]
