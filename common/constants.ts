/** Business constants of the specification (section 9), shared by app and server. */
export const FREE_PHOTO_LIMIT = 3
export const PREMIUM_PHOTO_LIMIT = 25
export const FREE_CONVERSATIONS = 2
export const SWIPE_LIKES_PER_DAY = 4
export const WELCOME_DISCOUNT_PERCENT = 25
export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const TIME_BONUS_WINDOW_SECONDS = 14_400
export const ACCOUNT_REACTIVATION_DAYS = 14
export const TIME_BONUS_MODAL_DELAY_MS = 40_000
export const COUNTDOWN_TICK_MS = 1000
export const AUTO_LIKE_RELOAD_DELAY_MS = 500
export const REFRESH_INTERVAL_MS = 60_000
export const REFRESH_INTERVAL_PUSH_MS = 300_000
export const REFRESH_FIRST_DELAY_MS = 5000
export const REQUEST_RETRY_COUNT = 5
export const BADGE_CAP = 99
export const CREDITS_WARNING_AT = 10
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_DAYS = 365
const AUTH_COOKIE_PREFIX = 'auth.'
export const AUTH_COOKIE_DAYS = 30
export const GEOLOCATION_MAX_AGE_MS = 3_600_000
export const IDLE_PREFETCH_TIMEOUT_MS = 2000
export const FETCH_MIN_DELAY_MS = 200
export const PROGRESS_BAR_THROTTLE_MS = 200
export const PROGRESS_BAR_DURATION_MS = 5000
export const TOAST_WIDTH_PX = 350
export const TERMS_BASE_DATE = '2023-12-01T12:00:00Z'
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000
export const SITE_ENTRY_STORAGE_KEY = 'skipped-site-entry-warning'
export const COUNTRY_COOKIE = 'selected_country'
export const SUPPORTED_LOCALES = ['en', 'fr'] as const
export type Locale = (typeof SUPPORTED_LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
export const MIN_AGE = 18
export const PASSWORD_MIN_LENGTH = 8
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}session`
export const LOGIN_MAX_FAILURES = 5
export const LOGIN_BLOCK_MINUTES = 15
export const ACTIVATION_TOKEN_HOURS = 72
/** How many of another member's photos a free member sees; Premium members see all. */
export const FREE_VISIBLE_PHOTOS = 2
/** Messages per page of a conversation, and how many of its most recent messages can be read. */
export const MESSAGES_PAGE_SIZE = 30
export const CHAT_HISTORY_LIMIT = 1000
/** The conversations GET /api/chats.php lists, most recent first. */
export const CHATS_LIST_LIMIT = 200
/** Reconnect delays of the WebSocket client: doubling from the first, capped at the last. */
export const WS_RECONNECT_MIN_MS = 500
export const WS_RECONNECT_MAX_MS = 30_000

/** The product's colour: the browser's theme, the installed app's and the ground of its icon. */
export const THEME_COLOR = '#c2185b'

/** The most interests a profile holds or a search asks for. */
export const MAX_INTERESTS = 20

/** The close code of a socket whose session ended (logout, new password, ban…): the page does not reconnect. */
export const SOCKET_SESSION_ENDED = 4401
