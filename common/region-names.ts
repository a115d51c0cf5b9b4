import type { Locale } from './constants.ts'

/**
 * Regions' names where a language writes them otherwise than the name kept (the region's own, or
 * England's English one): "Angleterre" on a French page, "Bavaria" on an English one. A region not
 * here is written the same in both.
 */
const NAMES: Record<string, Partial<Record<Locale, string>>> = {
  'NL-FR': { fr: 'Frise' },
  'NL-GE': { fr: 'Gueldre' },
  'NL-GR': { fr: 'Groningue' },
  'NL-LI': { fr: 'Limbourg' },
  'NL-NB': { fr: 'Brabant-Septentrional' },
  'NL-NH': { fr: 'Hollande-Septentrionale' },
  'NL-ZE': { fr: 'Zélande' },
  'NL-ZH': { fr: 'Hollande-Méridionale' },
  'BE-BRU': { en: 'Brussels-Capital', fr: 'Bruxelles-Capitale' },
  'BE-VAN': { en: 'Antwerp', fr: 'Anvers' },
  'BE-VLI': { fr: 'Limbourg' },
  'BE-VOV': { en: 'East Flanders', fr: 'Flandre-Orientale' },
  'BE-VBR': { en: 'Flemish Brabant', fr: 'Brabant flamand' },
  'BE-VWV': { en: 'West Flanders', fr: 'Flandre-Occidentale' },
  'BE-WBR': { en: 'Walloon Brabant' },
  'FR-BRE': { en: 'Brittany' },
  'FR-COR': { en: 'Corsica' },
  'FR-NOR': { en: 'Normandy' },
  'DE-BY': { en: 'Bavaria', fr: 'Bavière' },
  'DE-BB': { fr: 'Brandebourg' },
  'DE-HB': { fr: 'Brême' },
  'DE-HH': { fr: 'Hambourg' },
  'DE-HE': { en: 'Hesse', fr: 'Hesse' },
  'DE-MV': { en: 'Mecklenburg-Western Pomerania', fr: 'Mecklembourg-Poméranie-Occidentale' },
  'DE-NI': { en: 'Lower Saxony', fr: 'Basse-Saxe' },
  'DE-NW': { en: 'North Rhine-Westphalia', fr: 'Rhénanie-du-Nord-Westphalie' },
  'DE-RP': { en: 'Rhineland-Palatinate', fr: 'Rhénanie-Palatinat' },
  'DE-SL': { fr: 'Sarre' },
  'DE-SN': { en: 'Saxony', fr: 'Saxe' },
  'DE-ST': { en: 'Saxony-Anhalt', fr: 'Saxe-Anhalt' },
  'DE-TH': { en: 'Thuringia', fr: 'Thuringe' },
  'GB-ENG': { fr: 'Angleterre' },
  'GB-NIR': { fr: 'Irlande du Nord' },
  'GB-SCT': { fr: 'Écosse' },
  'GB-WLS': { fr: 'Pays de Galles' },
  'AT-2': { en: 'Carinthia', fr: 'Carinthie' },
  'AT-3': { en: 'Lower Austria', fr: 'Basse-Autriche' },
  'AT-4': { en: 'Upper Austria', fr: 'Haute-Autriche' },
  'AT-5': { fr: 'Salzbourg' },
  'AT-6': { en: 'Styria', fr: 'Styrie' },
  'AT-7': { en: 'Tyrol', fr: 'Tyrol' },
  'AT-9': { en: 'Vienna', fr: 'Vienne' },
  'CH-AG': { fr: 'Argovie' },
  'CH-BE': { en: 'Bern', fr: 'Berne' },
  'CH-BS': { en: 'Basel-City', fr: 'Bâle-Ville' },
  'CH-FR': { fr: 'Fribourg' },
  'CH-GE': { en: 'Geneva' },
  'CH-GR': { en: 'Grisons', fr: 'Grisons' },
  'CH-LU': { en: 'Lucerne', fr: 'Lucerne' },
  'CH-SG': { fr: 'Saint-Gall' },
  'CH-TI': { fr: 'Tessin' },
  'CH-VS': { en: 'Valais', fr: 'Valais' },
  'CH-ZG': { fr: 'Zoug' },
  'CH-ZH': { en: 'Zurich', fr: 'Zurich' },
  'CA-BC': { fr: 'Colombie-Britannique' },
  'CA-NB': { fr: 'Nouveau-Brunswick' },
  'CA-NL': { fr: 'Terre-Neuve-et-Labrador' },
  'CA-NS': { fr: 'Nouvelle-Écosse' },
  'CA-PE': { fr: 'Île-du-Prince-Édouard' },
  'CA-QC': { en: 'Quebec' },
}

/** A region's name in a page's language. */
export function regionName(code: string, name: string, locale: Locale): string {
  return NAMES[code]?.[locale] ?? name
}
