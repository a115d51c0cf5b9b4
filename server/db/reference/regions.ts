/** First-level regions of the countries the default sites serve: [ISO 3166-2 code, name]. */
export const REGIONS: Record<string, ReadonlyArray<readonly [string, string]>> = {
  NL: [
    ['NL-DR', 'Drenthe'], ['NL-FL', 'Flevoland'], ['NL-FR', 'Fryslân'], ['NL-GE', 'Gelderland'],
    ['NL-GR', 'Groningen'], ['NL-LI', 'Limburg'], ['NL-NB', 'Noord-Brabant'], ['NL-NH', 'Noord-Holland'],
    ['NL-OV', 'Overijssel'], ['NL-UT', 'Utrecht'], ['NL-ZE', 'Zeeland'], ['NL-ZH', 'Zuid-Holland'],
  ],
  BE: [
    ['BE-BRU', 'Bruxelles-Capitale / Brussel'], ['BE-VAN', 'Antwerpen'], ['BE-VLI', 'Limburg'],
    ['BE-VOV', 'Oost-Vlaanderen'], ['BE-VBR', 'Vlaams-Brabant'], ['BE-VWV', 'West-Vlaanderen'],
    ['BE-WBR', 'Brabant wallon'], ['BE-WHT', 'Hainaut'], ['BE-WLG', 'Liège'], ['BE-WLX', 'Luxembourg'],
    ['BE-WNA', 'Namur'],
  ],
  FR: [
    ['FR-ARA', 'Auvergne-Rhône-Alpes'], ['FR-BFC', 'Bourgogne-Franche-Comté'], ['FR-BRE', 'Bretagne'],
    ['FR-CVL', 'Centre-Val de Loire'], ['FR-COR', 'Corse'], ['FR-GES', 'Grand Est'], ['FR-HDF', 'Hauts-de-France'],
    ['FR-IDF', 'Île-de-France'], ['FR-NOR', 'Normandie'], ['FR-NAQ', 'Nouvelle-Aquitaine'], ['FR-OCC', 'Occitanie'],
    ['FR-PDL', 'Pays de la Loire'], ['FR-PAC', "Provence-Alpes-Côte d'Azur"],
  ],
  DE: [
    ['DE-BW', 'Baden-Württemberg'], ['DE-BY', 'Bayern'], ['DE-BE', 'Berlin'], ['DE-BB', 'Brandenburg'],
    ['DE-HB', 'Bremen'], ['DE-HH', 'Hamburg'], ['DE-HE', 'Hessen'], ['DE-MV', 'Mecklenburg-Vorpommern'],
    ['DE-NI', 'Niedersachsen'], ['DE-NW', 'Nordrhein-Westfalen'], ['DE-RP', 'Rheinland-Pfalz'], ['DE-SL', 'Saarland'],
    ['DE-SN', 'Sachsen'], ['DE-ST', 'Sachsen-Anhalt'], ['DE-SH', 'Schleswig-Holstein'], ['DE-TH', 'Thüringen'],
  ],
  GB: [['GB-ENG', 'England'], ['GB-NIR', 'Northern Ireland'], ['GB-SCT', 'Scotland'], ['GB-WLS', 'Wales']],
  IE: [['IE-C', 'Connacht'], ['IE-L', 'Leinster'], ['IE-M', 'Munster'], ['IE-U', 'Ulster']],
  AT: [
    ['AT-1', 'Burgenland'], ['AT-2', 'Kärnten'], ['AT-3', 'Niederösterreich'], ['AT-4', 'Oberösterreich'],
    ['AT-5', 'Salzburg'], ['AT-6', 'Steiermark'], ['AT-7', 'Tirol'], ['AT-8', 'Vorarlberg'], ['AT-9', 'Wien'],
  ],
  CH: [
    ['CH-AG', 'Aargau'], ['CH-BE', 'Bern / Berne'], ['CH-BS', 'Basel-Stadt'], ['CH-FR', 'Fribourg / Freiburg'],
    ['CH-GE', 'Genève'], ['CH-GR', 'Graubünden'], ['CH-LU', 'Luzern'], ['CH-NE', 'Neuchâtel'], ['CH-SG', 'St. Gallen'],
    ['CH-TI', 'Ticino'], ['CH-VD', 'Vaud'], ['CH-VS', 'Valais / Wallis'], ['CH-ZG', 'Zug'], ['CH-ZH', 'Zürich'],
  ],
  CA: [
    ['CA-AB', 'Alberta'], ['CA-BC', 'British Columbia'], ['CA-MB', 'Manitoba'], ['CA-NB', 'New Brunswick'],
    ['CA-NL', 'Newfoundland and Labrador'], ['CA-NS', 'Nova Scotia'], ['CA-ON', 'Ontario'],
    ['CA-PE', 'Prince Edward Island'], ['CA-QC', 'Québec'], ['CA-SK', 'Saskatchewan'],
  ],
}

/** A few real cities per region code, for demo members. */
export const CITIES: Record<string, readonly string[]> = {
  'NL-NH': ['Amsterdam', 'Haarlem', 'Alkmaar'], 'NL-ZH': ['Rotterdam', 'Den Haag', 'Leiden', 'Delft'],
  'NL-UT': ['Utrecht', 'Amersfoort'], 'NL-NB': ['Eindhoven', 'Tilburg', 'Breda'], 'NL-GE': ['Arnhem', 'Nijmegen'],
  'NL-GR': ['Groningen'], 'NL-LI': ['Maastricht', 'Venlo'], 'NL-OV': ['Enschede', 'Zwolle'],
  'BE-BRU': ['Bruxelles'], 'BE-VAN': ['Antwerpen', 'Mechelen'], 'BE-VOV': ['Gent', 'Aalst'],
  'BE-WLG': ['Liège', 'Verviers'], 'BE-WHT': ['Charleroi', 'Mons'], 'BE-WNA': ['Namur'], 'BE-VWV': ['Brugge'],
  'FR-IDF': ['Paris', 'Versailles', 'Boulogne-Billancourt'], 'FR-ARA': ['Lyon', 'Grenoble', 'Annecy'],
  'FR-PAC': ['Marseille', 'Nice', 'Toulon'], 'FR-OCC': ['Toulouse', 'Montpellier'], 'FR-NAQ': ['Bordeaux', 'Limoges'],
  'FR-HDF': ['Lille', 'Amiens'], 'FR-GES': ['Strasbourg', 'Reims'], 'FR-BRE': ['Rennes', 'Brest'],
  'FR-PDL': ['Nantes', 'Angers'], 'FR-NOR': ['Rouen', 'Caen'],
  'DE-BE': ['Berlin'], 'DE-HH': ['Hamburg'], 'DE-BY': ['München', 'Nürnberg'], 'DE-NW': ['Köln', 'Düsseldorf', 'Dortmund'],
  'DE-HE': ['Frankfurt am Main', 'Wiesbaden'], 'DE-BW': ['Stuttgart', 'Freiburg'], 'DE-SN': ['Leipzig', 'Dresden'],
  'GB-ENG': ['London', 'Manchester', 'Bristol', 'Leeds', 'Brighton'], 'GB-SCT': ['Edinburgh', 'Glasgow'],
  'GB-WLS': ['Cardiff', 'Swansea'], 'GB-NIR': ['Belfast'],
  'IE-L': ['Dublin', 'Kilkenny'], 'IE-M': ['Cork', 'Limerick'], 'IE-C': ['Galway'],
  'AT-9': ['Wien'], 'AT-5': ['Salzburg'], 'AT-6': ['Graz'], 'AT-7': ['Innsbruck'],
  'CH-ZH': ['Zürich', 'Winterthur'], 'CH-GE': ['Genève'], 'CH-VD': ['Lausanne'], 'CH-BS': ['Basel'], 'CH-BE': ['Bern'],
  'CA-QC': ['Montréal', 'Québec'], 'CA-ON': ['Toronto', 'Ottawa'], 'CA-BC': ['Vancouver', 'Victoria'],
}
