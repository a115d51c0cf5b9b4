import { CALL_CREDITS_PER_MINUTE } from '#common/calls.ts'
import { GIFT_KEYS } from '#common/gifts.ts'
import { KIND_PRICE_DEFAULTS } from '#common/message-kinds.ts'
import { DEFAULT_EXPLICIT_THRESHOLD } from '#common/safety.ts'
import type { CompanyInfo, SiteSettings } from '#common/schemas/sites.ts'
import { DEFAULT_CHECK_IN, DEFAULT_FICTIONAL_SPEND_REMINDER } from '#common/spending.ts'
import { POSES } from '#common/verification.ts'

/** Operator of the default brands. */
const COMPANY: CompanyInfo = {
  name: 'Luna Media B.V.',
  address: 'Keizersgracht 241',
  kvk: '81234567',
  city: '1016 EA Amsterdam',
  country: 'NL',
  tradenames: ['LunaDate', 'Rendez-vous Secret'],
  vat_numbers: ['NL862345678B01'],
  support_phone: '+31 20-808 4410',
  delete_discount: 50,
  added: '2024-03-15T09:00:00Z',
}

const COMMON = {
  countries: ['NL', 'BE', 'FR', 'DE', 'GB', 'IE', 'AT', 'CH', 'CA'],
  signups: 'all',
  logged_out_search: 'not',
  logged_out_search_trafficsource: 'not',
  enable_site_entry_popup: 'yes',
  support_phone: COMPANY.support_phone,
  fictional_icon: '✦',
  visible_profile_fields: [
    'gender',
    'sexuality',
    'age',
    'country',
    'region',
    'city',
    'relationship_status',
    'body_type',
    'hair_color',
    'eye_color',
    'tattoos',
  ],
  visible_profile_notes: ['about'],
  ...KIND_PRICE_DEFAULTS,
  voice_max_seconds: 60,
  call_credits_per_minute: CALL_CREDITS_PER_MINUTE,
  openings_per_day_unverified: 10,
  openings_per_day_verified: 30,
  signup_credits: 20,
  message_length: 1000,
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictional_warning: {
    en: 'Profiles marked with ✦ are fictional: they are run by our team for entertainment and you cannot meet them in person.',
    fr: 'Les profils marqués ✦ sont fictifs : ils sont animés par notre équipe pour le divertissement et vous ne pouvez pas les rencontrer en personne.',
  },
  fictional_singular: { en: 'fictional profile', fr: 'profil fictif' },
  fictional_plural: { en: 'fictional profiles', fr: 'profils fictifs' },
  refund_days: 14,
  member_resell: 'no',
  new_photo_status: 'active',
  refuse_disposable_email: true,
  gifts: [...GIFT_KEYS],
  verification_poses: [...POSES],
  explicit_photo_threshold: DEFAULT_EXPLICIT_THRESHOLD,
  ...DEFAULT_CHECK_IN,
  fictional_spend_reminder: DEFAULT_FICTIONAL_SPEND_REMINDER,
} satisfies Partial<SiteSettings>

/** The brands a fresh deployment serves; the first one is the default for unknown hosts. */
export const DEFAULT_SITES: ReadonlyArray<{ settings: SiteSettings; company: CompanyInfo }> = [
  {
    company: COMPANY,
    settings: {
      ...COMMON,
      name: 'LunaDate',
      domain: 'lunadate.com',
      domain_language: 'en',
      cdn_prefix: '/media',
      index_title: {
        en: 'Meet singles near you and start chatting tonight',
        fr: 'Rencontrez des célibataires près de chez vous et discutez dès ce soir',
      },
      description: {
        en: 'LunaDate is the friendly dating site for adults: create a free profile, see who likes you and chat with singles across Europe.',
        fr: 'LunaDate est le site de rencontre convivial pour adultes : créez un profil gratuit, voyez qui vous aime et discutez avec des célibataires partout en Europe.',
      },
      support_email: 'support@lunadate.com',
    },
  },
  {
    company: COMPANY,
    settings: {
      ...COMMON,
      countries: ['FR', 'BE', 'CH', 'CA'],
      name: 'Rendez-vous Secret',
      domain: 'rendezvous-secret.fr',
      domain_language: 'fr',
      cdn_prefix: '/media',
      index_title: {
        en: 'Discreet dating for adults in France, Belgium and Switzerland',
        fr: 'Des rencontres discrètes entre adultes en France, en Belgique et en Suisse',
      },
      description: {
        en: 'Rendez-vous Secret brings adults together for discreet chats and dates.',
        fr: 'Rendez-vous Secret réunit des adultes pour des conversations et des rencontres discrètes.',
      },
      support_email: 'contact@rendezvous-secret.fr',
    },
  },
]
