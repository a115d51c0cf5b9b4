/**
 * Our strings' lookup, for the server (mails, errors) and the pages alike (ADR 21: the pages carry
 * no i18next). Keys are dotted paths into a language's strings; `{{name}}` takes the option of that
 * name; with a numeric `count`, the key's plural form for the language (`_one`, `_many`, `_other`,
 * as Intl.PluralRules names them) wins. A key missing in the language is looked up in English,
 * then the option `defaultValue`, then the key itself is shown.
 */

export type Strings = { [key: string]: unknown }

interface TOptions {
  count?: number
  defaultValue?: string
  /** The key names a list or a group of strings: it comes back whole, each string filled in. */
  returnObjects?: boolean
  [name: string]: unknown
}

export type TFunction = {
  /** A list or group of strings, each filled in. */
  <T = unknown>(key: string, options: TOptions & { returnObjects: true }): T
  /** A string; a text as the options is the default value. */
  (key: string, options?: TOptions | string): string
}

const FALLBACK_LANGUAGE = 'en'

function lookup(strings: Strings | undefined, key: string): unknown {
  let node: unknown = strings
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Strings)[part]
  }
  return node
}

const PLACEHOLDER = /{{\s*([\w.]+)\s*}}/g

/** Fills `{{name}}` with the option of that name; a placeholder without its option stays as it is. */
function fill(text: string, options: TOptions | undefined): string {
  if (!options) return text
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name]
    return value === undefined || value === null ? whole : String(value)
  })
}

function fillAll(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === 'string') return fill(value, options)
  if (Array.isArray(value)) return value.map((item) => fillAll(item, options))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillAll(v, options)]))
  return value
}

const pluralRules = new Map<string, Intl.PluralRules>()

function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

/** The string (or, with returnObjects, the group) of a key in one language, without fallback. */
function find(strings: Strings | undefined, language: string, key: string, options?: TOptions): unknown {
  if (typeof options?.count === 'number') {
    const plural =
      lookup(strings, `${key}_${pluralOf(language, options.count)}`) ?? lookup(strings, `${key}_other`)
    if (plural !== undefined) return plural
  }
  return lookup(strings, key)
}

/**
 * A translator bound to one language. `strings` is read at every call, so that strings that
 * arrive later (the console's, fetched on its first page) are found.
 */
export function translator(strings: (language: string) => Strings | undefined, language: string): TFunction {
  return ((key: string, given?: TOptions | string) => {
    const options = typeof given === 'string' ? { defaultValue: given } : given
    let found = find(strings(language), language, key, options)
    if (found === undefined && language !== FALLBACK_LANGUAGE)
      found = find(strings(FALLBACK_LANGUAGE), FALLBACK_LANGUAGE, key, options)
    if (typeof found === 'string') return fill(found, options)
    if (found !== undefined && options?.returnObjects) return fillAll(found, options)
    return options?.defaultValue !== undefined ? fill(options.defaultValue, options) : key
  }) as TFunction
}
