import type { Locale } from '../constants.ts'
import en from './en.json' with { type: 'json' }
import enConsole from './en-console.json' with { type: 'json' }
import enMail from './en-mail.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }
import frConsole from './fr-console.json' with { type: 'json' }
import frMail from './fr-mail.json' with { type: 'json' }

/**
 * Every string of each language, for the server (pages, mails, API errors). The bundles are split
 * by reader: `{locale}.json` is what the browser loads for the site, `{locale}-mail.json` only the
 * server sends, `{locale}-console.json` the operations console's (issue 39: in both languages).
 * Their top-level keys are disjoint.
 */
export const allStrings: Record<Locale, Record<string, unknown>> = {
  en: { ...en, ...enMail, ...enConsole },
  fr: { ...fr, ...frMail, ...frConsole },
}
