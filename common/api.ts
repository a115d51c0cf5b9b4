import type { z } from 'zod'
import { CONSOLE_PAGES, MODERATORS, SUPPORT } from './console-pages.ts'
import * as accounts from './schemas/accounts.ts'
import * as calls from './schemas/calls.ts'
import * as chat from './schemas/chat.ts'
import * as content from './schemas/content.ts'
import * as credits from './schemas/credits.ts'
import * as likes from './schemas/likes.ts'
import * as location from './schemas/location.ts'
import * as members from './schemas/members.ts'
import * as moderation from './schemas/moderation.ts'
import * as notifications from './schemas/notifications.ts'
import * as operators from './schemas/operators.ts'
import * as profilePrompts from './schemas/profile-prompts.ts'
import * as profileVoice from './schemas/profile-voice.ts'
import * as safety from './schemas/safety.ts'
import * as sites from './schemas/sites.ts'
import * as staff from './schemas/staff.ts'
import * as statistics from './schemas/statistics.ts'
import * as support from './schemas/support.ts'
import * as verification from './schemas/verification.ts'
import * as yourTurn from './schemas/your-turn.ts'
import type { StaffRole } from './staff.ts'

/**
 * The HTTP contract of spec section 7, one entry per call: the Fastify routes take their
 * validation and OpenAPI schema from it (server/lib/api-route.ts) and the browser calls it
 * through one typed client (app/lib/api-client.ts). No other file spells an /api/ path.
 */
export interface CallSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  readonly path: `/api/${string}`
  /** The OpenAPI tag: the module that serves the call. */
  readonly tag: string
  readonly query?: z.ZodType
  /** A JSON body. */
  readonly body?: z.ZodType
  /** A multipart/form-data body: a file in `photo` and these text fields. */
  readonly form?: z.ZodType
  /** The JSON answer; absent for a redirect. */
  readonly output?: z.ZodType
  readonly status?: 200 | 201
  /** A console call (`/api/admin/`): the staff roles that may make it, with both factors given. */
  readonly roles?: readonly StaffRole[]
}

/** An entry of the table, with its name (the OpenAPI operation id). */
export type Call = CallSpec & { readonly name: string }

function table<const T extends Record<string, CallSpec>>(calls: T): { [K in keyof T]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(calls).map(([name, spec]) => [name, { ...spec, name }])) as {
    [K in keyof T]: T[K] & { name: K }
  }
}

const GET = 'GET'
const POST = 'POST'
const PUT = 'PUT'
const DELETE = 'DELETE'
const ok = accounts.OkResponse

// biome-ignore format: one call per line reads as a table
export const api = table({
  // Accounts
  signup: { method: POST, path: '/api/signup.php', tag: 'accounts', body: accounts.SignupInput, output: accounts.UserResponse, status: 201 },
  /** Logs in; with `?push=1`, saves the browser's push subscription instead. */
  postUser: { method: POST, path: '/api/user.php', tag: 'accounts', query: accounts.UserPostQuery, body: accounts.UserPostInput, output: accounts.UserPostResponse },
  user: { method: GET, path: '/api/user.php', tag: 'accounts', output: accounts.UserResponse },
  updateUser: { method: PUT, path: '/api/user.php', tag: 'accounts', body: accounts.UpdateUserInput, output: accounts.UserResponse },
  deleteAccount: { method: DELETE, path: '/api/user.php', tag: 'accounts', body: accounts.DeleteAccountInput, output: ok },
  logout: { method: GET, path: '/api/logout.php', tag: 'accounts', output: accounts.UserResponse },
  activate: { method: GET, path: '/api/activate.php', tag: 'accounts', query: accounts.ActivateQuery },
  resendActivation: { method: POST, path: '/api/activation.php', tag: 'accounts', output: accounts.ActivationSentResponse },
  requestPasswordReset: { method: POST, path: '/api/password-reset.php', tag: 'accounts', body: accounts.PasswordResetRequest, output: ok },
  resetPassword: { method: PUT, path: '/api/password-reset.php', tag: 'accounts', body: accounts.PasswordResetInput, output: ok },
  changePassword: { method: PUT, path: '/api/password.php', tag: 'accounts', body: accounts.ChangePasswordInput, output: ok },
  requestEmailChange: { method: POST, path: '/api/mail-change.php', tag: 'accounts', body: accounts.EmailChangeInput, output: ok },
  confirmEmailChange: { method: PUT, path: '/api/mail-change.php', tag: 'accounts', body: accounts.TokenInput, output: ok },
  requestDataExport: { method: POST, path: '/api/data-export.php', tag: 'accounts', output: accounts.DataExportRequested },
  /** The mailed link: the zip, or back to /profile when the link no longer works. */
  downloadDataExport: { method: GET, path: '/api/data-export.php', tag: 'accounts', query: accounts.DataExportQuery },
  restoreAccount: { method: POST, path: '/api/account-restore.php', tag: 'accounts', body: accounts.TokenInput, output: ok },

  // Notifications and presence (ADR 19)
  notifications: { method: GET, path: '/api/notifications.php', tag: 'notifications', output: notifications.NotificationSettings },
  updateNotifications: { method: PUT, path: '/api/notifications.php', tag: 'notifications', body: notifications.NotificationSettingsInput, output: notifications.NotificationSettings },
  /** A mail's List-Unsubscribe URL opened in a browser: to the confirmation page. */
  unsubscribeLink: { method: GET, path: '/api/unsubscribe.php', tag: 'notifications', query: notifications.UnsubscribeQuery },
  /** RFC 8058 one-click unsubscribe (the mail client's POST), and the confirmation page's button. */
  unsubscribe: { method: POST, path: '/api/unsubscribe.php', tag: 'notifications', query: notifications.UnsubscribeQuery, body: notifications.UnsubscribeInput, output: notifications.UnsubscribeResponse },
  /** The mail provider's events (bounces, complaints, unsubscribes), signed by the provider. */
  mailEvents: { method: POST, path: '/api/mail-events.php', tag: 'notifications', body: notifications.MailEventsInput, output: ok },
  pageHidden: { method: POST, path: '/api/page-hidden.php', tag: 'notifications', body: notifications.PageHiddenInput, output: ok },

  // Calls (issue 59, ADR 37): consent per conversation, the ring, the answer, the end, a report
  callConsent: { method: GET, path: '/api/call-consent.php', tag: 'calls', query: calls.CallConsentQuery, output: calls.CallAvailability },
  setCallConsent: { method: PUT, path: '/api/call-consent.php', tag: 'calls', body: calls.CallConsentInput, output: calls.CallAvailability },
  startCall: { method: POST, path: '/api/call.php', tag: 'calls', body: calls.StartCallInput, output: calls.StartCallResponse },
  answerCall: { method: POST, path: '/api/call-answer.php', tag: 'calls', body: calls.AnswerCallInput, output: calls.AnswerCallResponse },
  endCall: { method: POST, path: '/api/call-end.php', tag: 'calls', body: calls.EndCallInput, output: ok },
  reportCall: { method: POST, path: '/api/call-report.php', tag: 'calls', body: calls.CallReportInput, output: calls.CallReportResponse },

  // Chat
  chats: { method: GET, path: '/api/chats.php', tag: 'chat', output: chat.ChatsResponse },
  conversation: { method: GET, path: '/api/conversation.php', tag: 'chat', query: chat.ConversationQuery, output: chat.ConversationResponse },
  messages: { method: GET, path: '/api/messages.php', tag: 'chat', query: chat.MessagesQuery, output: chat.MessagesResponse },
  sendMessage: { method: POST, path: '/api/message.php', tag: 'chat', body: chat.SendMessageInput, output: chat.SendMessageResponse },
  sendFileMessage: { method: POST, path: '/api/message-file.php', tag: 'chat', form: chat.FileMessageFields, output: chat.SendMessageResponse },
  voicePlayed: { method: PUT, path: '/api/voice-played.php', tag: 'chat', body: chat.VoicePlayedInput, output: chat.VoicePlayedResponse },
  readChat: { method: PUT, path: '/api/chat.php', tag: 'chat', body: chat.ReadChatInput, output: chat.ReadResponse },
  removeChat: { method: DELETE, path: '/api/chat.php', tag: 'chat', body: chat.ChatInput, output: chat.RemoveResponse },
  /** Issue 61: the conversations waiting long for the member's answer (the banner), and the polite close. */
  yourTurn: { method: GET, path: '/api/your-turn.php', tag: 'chat', output: yourTurn.YourTurnResponse },
  closeChat: { method: POST, path: '/api/chat-close.php', tag: 'chat', body: yourTurn.CloseChatInput, output: chat.SendMessageResponse },
  /** Issue 38: a conversation's explicit photos unblurred, or blurred again. */
  chatSafety: { method: PUT, path: '/api/chat-safety.php', tag: 'chat', body: chat.ChatSafetyInput, output: chat.ChatSafetyResponse },
  /** Issue 56: a profile reported from the report sheet, with a conversation's last messages. */
  reportProfile: { method: POST, path: '/api/profile-report.php', tag: 'chat', body: chat.ProfileReportInput, output: chat.ProfileReportResponse },
  /** Issue 38: a received message reported in one tap, quoted into the report. */
  reportMessage: { method: POST, path: '/api/message-report.php', tag: 'chat', body: chat.MessageReportInput, output: members.ComplaintResponse },

  // Likes and the swipe game
  like: { method: POST, path: '/api/like.php', tag: 'likes', body: likes.LikeInput, output: likes.LikeResponse },
  unlike: { method: DELETE, path: '/api/like.php', tag: 'likes', body: likes.LikeInput, output: likes.LikeResponse },
  likeSeen: { method: PUT, path: '/api/like.php', tag: 'likes', body: likes.LikeInput, output: likes.LikeSeenResponse },
  likes: { method: GET, path: '/api/likes.php', tag: 'likes', output: likes.LikesResponse },
  autoLike: { method: GET, path: '/api/auto-like.php', tag: 'likes', output: likes.AutoLikeResponse },
  swipeDeck: { method: GET, path: '/api/swipe.php', tag: 'likes', output: likes.SwipeDeckResponse },
  swipe: { method: POST, path: '/api/swipe.php', tag: 'likes', body: likes.SwipeInput, output: likes.SwipeResponse },
  matchFinder: { method: GET, path: '/api/match-finder.php', tag: 'likes', query: likes.MatchFinderQuery, output: likes.MatchFinderResponse },

  // Members, profiles, photos, complaints
  members: { method: GET, path: '/api/members.php', tag: 'members', query: members.MemberSearchQuery, output: members.MemberSearchResponse },
  member: { method: GET, path: '/api/member.php', tag: 'members', query: members.MemberQuery, output: members.MemberDetailResponse },
  block: { method: POST, path: '/api/block.php', tag: 'members', body: members.BlockInput, output: members.BlockResponse },
  unblock: { method: DELETE, path: '/api/block.php', tag: 'members', body: members.BlockInput, output: members.BlockResponse },
  ownProfile: { method: GET, path: '/api/profile.php', tag: 'members', output: members.OwnProfileResponse },
  updateProfile: { method: PUT, path: '/api/profile.php', tag: 'members', body: members.ProfileUpdateInput, output: members.OwnProfileResponse },
  uploadPhoto: { method: POST, path: '/api/photos.php', tag: 'photos', form: members.PhotoUploadFields, output: members.PhotoResponse, status: 201 },
  mainPhoto: { method: PUT, path: '/api/photos.php', tag: 'photos', body: members.PhotoInput, output: ok },
  removePhoto: { method: DELETE, path: '/api/photos.php', tag: 'photos', body: members.PhotoInput, output: ok },
  ownVoicePrompt: { method: GET, path: '/api/profile-voice.php', tag: 'photos', output: profileVoice.ProfileVoiceResponse },
  saveVoicePrompt: { method: POST, path: '/api/profile-voice.php', tag: 'photos', form: profileVoice.ProfileVoiceFields, output: profileVoice.ProfileVoiceResponse, status: 201 },
  removeVoicePrompt: { method: DELETE, path: '/api/profile-voice.php', tag: 'photos', output: ok },
  ownPrompts: { method: GET, path: '/api/profile-prompts.php', tag: 'profile-prompts', output: profilePrompts.ProfilePromptsResponse },
  savePrompts: { method: PUT, path: '/api/profile-prompts.php', tag: 'profile-prompts', body: profilePrompts.ProfilePromptsInput, output: profilePrompts.ProfilePromptsResponse },
  /** Verified humans (issue 37): where the member stands, a new attempt, one camera frame of a pose. */
  verification: { method: GET, path: '/api/verification.php', tag: 'verification', output: verification.VerificationResponse },
  startVerification: { method: POST, path: '/api/verification.php', tag: 'verification', body: verification.VerificationStartInput, output: verification.VerificationStartResponse, status: 201 },
  verificationFrame: { method: POST, path: '/api/verification-frame.php', tag: 'verification', form: verification.VerificationFrameFields, output: verification.VerificationStartResponse, status: 201 },
  /** The member concerned appeals a report's decision, once, through the link mailed with it. */
  appeal: { method: POST, path: '/api/appeal.php', tag: 'moderation', body: moderation.AppealInput, output: ok },
  /** A browser session's first page, with its traffic source: the reports' visits. */
  visit: { method: POST, path: '/api/visit.php', tag: 'statistics', body: statistics.VisitInput, output: ok },
  /** Sent as a beacon when a page opened with `lb` is left: how long and how (spec section 2). */
  pageBounce: { method: POST, path: '/api/page-bounce.php', tag: 'statistics', body: statistics.PageBounceInput, output: ok },
  fileComplaint: { method: POST, path: '/api/complaints.php', tag: 'complaints', body: members.ComplaintInput, output: members.ComplaintResponse, status: 201 },
  geocode: { method: GET, path: '/api/geocode.php', tag: 'location', query: location.GeocodeQuery, output: location.GeocodeResponse },

  // Credits and payments
  credits: { method: GET, path: '/api/credits.php', tag: 'payments', output: credits.CreditsResponse },
  startPayment: { method: POST, path: '/api/payment.php', tag: 'payments', body: credits.PaymentInput, output: credits.PaymentCreated },
  payment: { method: GET, path: '/api/payment.php', tag: 'payments', query: credits.PaymentQuery, output: credits.PaymentStatusResponse },
  repeatOffer: { method: GET, path: '/api/repeat-order.php', tag: 'payments', output: credits.RepeatOfferResponse },
  repeatOrder: { method: POST, path: '/api/repeat-order.php', tag: 'payments', query: credits.RepeatOrderQuery, output: credits.PaymentCreated },
  requestDirectDebit: { method: POST, path: '/api/directdebit.php', tag: 'payments', body: credits.DirectDebitInput, output: credits.DirectDebitRequested },
  confirmDirectDebit: { method: PUT, path: '/api/directdebit.php', tag: 'payments', body: credits.DirectDebitConfirm, output: credits.PaymentCreated },
  transactions: { method: GET, path: '/api/transactions.php', tag: 'payments', output: credits.TransactionsResponse },
  discountCode: { method: GET, path: '/api/discountcode.php', tag: 'payments', query: credits.DiscountQuery, output: credits.DiscountCode },
  stayOffer: { method: POST, path: '/api/discountcode.php', tag: 'payments', body: credits.DiscountOfferInput, output: credits.DiscountCode },
  paymentWebhook: { method: POST, path: '/api/payment-webhook.php', tag: 'payments', body: credits.PaymentWebhookInput, output: ok },

  // The site
  settings: { method: GET, path: '/api/settings.php', tag: 'sites', query: sites.SettingsQuery, output: sites.SettingsResponse },
  companyInfo: { method: GET, path: '/api/companyinfo.php', tag: 'sites', output: sites.CompanyInfoResponse },
  interests: { method: GET, path: '/api/interests.php', tag: 'sites', output: sites.InterestsResponse },
  regions: { method: GET, path: '/api/regions.php', tag: 'sites', query: sites.RegionsQuery, output: sites.RegionsResponse },

  // The operations console (ADR 15): staff sessions apart from members'
  staffLogin: { method: POST, path: '/api/admin/login.php', tag: 'staff', body: staff.StaffLoginInput, output: staff.StaffLoginResponse },
  /** The second factor, on the half-open session the password opened. */
  staffSecondFactor: { method: POST, path: '/api/admin/second-factor.php', tag: 'staff', body: staff.SecondFactorInput, output: staff.SecondFactorResponse },
  staffLogout: { method: POST, path: '/api/admin/logout.php', tag: 'staff', output: ok },
  staffList: { method: GET, path: '/api/admin/staff.php', tag: 'staff', output: staff.StaffListResponse, roles: CONSOLE_PAGES.staff.roles },
  createStaff: { method: POST, path: '/api/admin/staff.php', tag: 'staff', body: staff.StaffCreateInput, output: staff.StaffCreated, status: 201, roles: CONSOLE_PAGES.staff.roles },
  updateStaff: { method: PUT, path: '/api/admin/staff.php', tag: 'staff', body: staff.StaffUpdateInput, output: ok, roles: CONSOLE_PAGES.staff.roles },
  siteSettings: { method: GET, path: '/api/admin/site-settings.php', tag: 'sites', query: sites.SiteSettingsQuery, output: sites.SiteSettingsResponse, roles: CONSOLE_PAGES.settings.roles },
  updateSiteSettings: { method: PUT, path: '/api/admin/site-settings.php', tag: 'sites', body: sites.SiteSettingsUpdate, output: sites.SiteSettingsResponse, roles: CONSOLE_PAGES.settings.roles },
  audit: { method: GET, path: '/api/admin/audit.php', tag: 'audit', query: staff.AuditQuery, output: staff.AuditResponse, roles: CONSOLE_PAGES.audit.roles },
  photoQueue: { method: GET, path: '/api/admin/photos.php', tag: 'moderation', query: moderation.PhotoQueueQuery, output: moderation.PhotoQueueResponse, roles: CONSOLE_PAGES.photos.roles },
  verificationQueue: { method: GET, path: '/api/admin/verifications.php', tag: 'verification', output: verification.VerificationQueueResponse, roles: CONSOLE_PAGES.verifications.roles },
  decideVerification: { method: POST, path: '/api/admin/verification-decision.php', tag: 'verification', body: verification.VerificationDecisionInput, output: ok, roles: CONSOLE_PAGES.verifications.roles },
  reportQueue: { method: GET, path: '/api/admin/reports.php', tag: 'moderation', output: moderation.ReportQueueResponse, roles: CONSOLE_PAGES.reports.roles },
  /** Issue 39: warn, suspend or ban a member from their file, as from a report. */
  moderateMember: { method: POST, path: '/api/admin/member-moderation.php', tag: 'moderation', body: moderation.MemberActionInput, output: moderation.ReportDecisionResponse, roles: MODERATORS },
  /** Issue 56: a chat photo of a report's conversation, as an image (the report's moderators only). */
  reportPhoto: { method: GET, path: '/api/admin/report-photo.php', tag: 'moderation', query: moderation.ReportPhotoQuery, roles: CONSOLE_PAGES.reports.roles },
  decideReport: { method: POST, path: '/api/admin/report-decision.php', tag: 'moderation', body: moderation.ReportDecisionInput, output: moderation.ReportDecisionResponse, roles: CONSOLE_PAGES.reports.roles },
  signalQueue: { method: GET, path: '/api/admin/signals.php', tag: 'moderation', output: moderation.SignalQueueResponse, roles: CONSOLE_PAGES.signals.roles },
  reviewSignal: { method: POST, path: '/api/admin/signal-review.php', tag: 'moderation', body: moderation.SignalReviewInput, output: moderation.SignalReviewResponse, roles: CONSOLE_PAGES.signals.roles },
  bans: { method: GET, path: '/api/admin/bans.php', tag: 'moderation', output: moderation.BansResponse, roles: CONSOLE_PAGES.bans.roles },
  addBan: { method: POST, path: '/api/admin/bans.php', tag: 'moderation', body: moderation.BanInput, output: moderation.BanCreated, status: 201, roles: CONSOLE_PAGES.bans.roles },
  removeBan: { method: DELETE, path: '/api/admin/bans.php', tag: 'moderation', body: moderation.BanRemoveInput, output: ok, roles: CONSOLE_PAGES.bans.roles },
  lookUpMembers: { method: GET, path: '/api/admin/members.php', tag: 'support', query: support.MemberLookupQuery, output: support.MemberLookupResponse, roles: CONSOLE_PAGES.members.roles },
  memberFile: { method: GET, path: '/api/admin/member.php', tag: 'support', query: support.MemberFileQuery, output: support.MemberFileResponse, roles: CONSOLE_PAGES.memberFile.roles },
  correctCredits: { method: POST, path: '/api/admin/member-credits.php', tag: 'support', body: support.CreditCorrectionInput, output: support.CreditCorrectionResponse, roles: SUPPORT },
  supportAction: { method: POST, path: '/api/admin/member-action.php', tag: 'support', body: support.SupportActionInput, output: ok, roles: SUPPORT },
  fictionalProfiles: { method: GET, path: '/api/admin/fictional.php', tag: 'operators', output: operators.FictionalListResponse, roles: CONSOLE_PAGES.fictional.roles },
  fictionalProfile: { method: GET, path: '/api/admin/fictional-profile.php', tag: 'operators', query: operators.FictionalProfileQuery, output: operators.FictionalProfileResponse, roles: CONSOLE_PAGES.fictionalProfile.roles },
  /** Issue 61: a fictional profile's prompts and opening moves, written by its operators. */
  fictionalPrompts: { method: GET, path: '/api/admin/fictional-prompts.php', tag: 'operators', query: operators.FictionalProfileQuery, output: profilePrompts.ProfilePromptsResponse, roles: CONSOLE_PAGES.fictionalProfile.roles },
  saveFictionalPrompts: { method: PUT, path: '/api/admin/fictional-prompts.php', tag: 'operators', body: profilePrompts.FictionalPromptsInput, output: profilePrompts.ProfilePromptsResponse, roles: CONSOLE_PAGES.fictionalProfile.roles },
  createFictional: { method: POST, path: '/api/admin/fictional.php', tag: 'operators', body: operators.FictionalProfileInput, output: operators.FictionalProfileResponse, status: 201, roles: CONSOLE_PAGES.fictional.roles },
  updateFictional: { method: PUT, path: '/api/admin/fictional.php', tag: 'operators', body: operators.FictionalProfileUpdate, output: operators.FictionalProfileResponse, roles: CONSOLE_PAGES.fictionalProfile.roles },
  addFictionalPhoto: { method: POST, path: '/api/admin/fictional-photo.php', tag: 'operators', form: operators.FictionalPhotoFields, output: operators.FictionalProfileResponse, status: 201, roles: CONSOLE_PAGES.fictionalProfile.roles },
  removeFictionalPhoto: { method: DELETE, path: '/api/admin/fictional-photo.php', tag: 'operators', body: operators.FictionalPhotoInput, output: operators.FictionalProfileResponse, roles: CONSOLE_PAGES.fictionalProfile.roles },
  inbox: { method: GET, path: '/api/admin/inbox.php', tag: 'operators', output: operators.InboxResponse, roles: CONSOLE_PAGES.inbox.roles },
  claimConversation: { method: POST, path: '/api/admin/inbox-claim.php', tag: 'operators', body: operators.InboxClaimInput, output: operators.InboxClaimResponse, roles: CONSOLE_PAGES.inbox.roles },
  inboxConversation: { method: GET, path: '/api/admin/inbox-conversation.php', tag: 'operators', query: operators.InboxConversationQuery, output: operators.InboxConversationResponse, roles: CONSOLE_PAGES.inbox.roles },
  inboxVoice: { method: GET, path: '/api/admin/inbox-voice.php', tag: 'operators', query: operators.InboxVoiceQuery, roles: CONSOLE_PAGES.inbox.roles },
  answerConversation: { method: POST, path: '/api/admin/inbox-answer.php', tag: 'operators', body: operators.InboxAnswerInput, output: operators.InboxAnswerResponse, roles: CONSOLE_PAGES.inbox.roles },
  addMemberNote: { method: POST, path: '/api/admin/inbox-note.php', tag: 'operators', body: operators.InboxNoteInput, output: operators.InboxNoteResponse, status: 201, roles: CONSOLE_PAGES.inbox.roles },
  releaseConversation: { method: POST, path: '/api/admin/inbox-release.php', tag: 'operators', body: operators.InboxReleaseInput, output: ok, roles: CONSOLE_PAGES.inbox.roles },
  catalog: { method: GET, path: '/api/admin/catalog.php', tag: 'payments', query: credits.CatalogQuery, output: credits.CatalogResponse, roles: CONSOLE_PAGES.catalog.roles },
  saveBundle: { method: PUT, path: '/api/admin/bundles.php', tag: 'payments', body: credits.BundleInput, output: credits.CatalogResponse, roles: CONSOLE_PAGES.catalog.roles },
  createCode: { method: POST, path: '/api/admin/codes.php', tag: 'payments', body: credits.DiscountCodeInput, output: credits.CatalogResponse, status: 201, roles: CONSOLE_PAGES.catalog.roles },
  expireCode: { method: DELETE, path: '/api/admin/codes.php', tag: 'payments', body: credits.ExpireCodeInput, output: credits.CatalogResponse, roles: CONSOLE_PAGES.catalog.roles },
  searchPayments: { method: GET, path: '/api/admin/payments.php', tag: 'payments', query: credits.PaymentSearchQuery, output: credits.PaymentSearchResponse, roles: CONSOLE_PAGES.payments.roles },
  refundPayment: { method: POST, path: '/api/admin/payment-refund.php', tag: 'payments', body: credits.RefundInput, output: credits.RefundResponse, roles: CONSOLE_PAGES.payments.roles },
  reviewPhoto: { method: POST, path: '/api/admin/photo-review.php', tag: 'moderation', body: moderation.PhotoReviewInput, output: moderation.PhotoReviewResponse, roles: CONSOLE_PAGES.photos.roles },
  voicePromptQueue: { method: GET, path: '/api/admin/voice-prompts.php', tag: 'moderation', output: profileVoice.VoicePromptQueueResponse, roles: CONSOLE_PAGES.photos.roles },
  reviewVoicePrompt: { method: POST, path: '/api/admin/voice-prompt-review.php', tag: 'moderation', body: profileVoice.VoicePromptReviewInput, output: profileVoice.VoicePromptReviewResponse, roles: CONSOLE_PAGES.photos.roles },
  contentPages: { method: GET, path: '/api/admin/content-pages.php', tag: 'sites', query: content.ContentPagesQuery, output: content.ContentPagesResponse, roles: CONSOLE_PAGES.content.roles },
  contentPage: { method: GET, path: '/api/admin/content-page.php', tag: 'sites', query: content.ContentPageQuery, output: content.ContentPageResponse, roles: CONSOLE_PAGES.content.roles },
  saveContentPage: { method: PUT, path: '/api/admin/content-page.php', tag: 'sites', body: content.ContentPageInput, output: content.ContentPageResponse, roles: CONSOLE_PAGES.content.roles },
  resetContentPage: { method: DELETE, path: '/api/admin/content-page.php', tag: 'sites', body: content.ContentPageReset, output: content.ContentPageResponse, roles: CONSOLE_PAGES.content.roles },
  previewContentPage: { method: POST, path: '/api/admin/content-preview.php', tag: 'sites', body: content.ContentPreviewInput, output: content.ContentPreviewResponse, roles: CONSOLE_PAGES.content.roles },
  stats: { method: GET, path: '/api/admin/stats.php', tag: 'statistics', query: statistics.StatsQuery, output: statistics.StatsResponse, roles: CONSOLE_PAGES.statistics.roles },
  /** Issue 38: the safety rules' counts and each rule's precision on the moderators' decisions. */
  safetyStats: { method: GET, path: '/api/admin/safety-stats.php', tag: 'statistics', query: safety.SafetyStatsQuery, output: safety.SafetyStatsResponse, roles: MODERATORS },
  /** The same report as CSV (text/csv, a file to save). */
  statsCsv: { method: GET, path: '/api/admin/stats-csv.php', tag: 'statistics', query: statistics.StatsQuery, roles: CONSOLE_PAGES.statistics.roles },
  /** Computes the given days' figures again from the members and payments (after a backfill). */
  refreshStats: { method: POST, path: '/api/admin/stats-refresh.php', tag: 'statistics', body: statistics.StatsRefreshInput, output: statistics.StatsRefreshResponse, roles: CONSOLE_PAGES.statistics.roles },
})

/** The console's calls, each with the roles it declares (the console's authorization matrix reads them). */
export const consoleCalls = (Object.values(api) as Call[]).filter((call) => call.roles !== undefined)

/** Where every call lives, for prefix rules (errors in JSON, no caching, rate limits). */
export const API_PREFIX = '/api/'
/** The member's WebSocket (docs/architecture.md §3). */
export const SOCKET_PATH = '/api/ws'

/**
 * A browser tab's own id (issue 40): its socket says it (`?tab=`) and so do its calls (`X-Tab`), so
 * that a tab's own send comes back to it once, in the call's answer, and as a frame to its other tabs
 * and devices only.
 */
export const TAB_HEADER = 'x-tab'
export const TAB_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
export const readTab = (value: unknown): string | undefined =>
  typeof value === 'string' && TAB_PATTERN.test(value) ? value : undefined
/** The console's WebSocket: the operators' inbox events (ADR 17). */
export const CONSOLE_SOCKET_PATH = '/api/admin/ws'
/** The OpenAPI document built from the table. */
export const OPENAPI_PATH = '/api/docs/json'
