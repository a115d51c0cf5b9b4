/**
 * Whether a member's message asks a profile whether it is real: a person, a bot, staff, paid, or
 * whether they can meet (issue 54, point 8; ADR 32; the Dutch ACM's second rule: asked, the operator
 * answers honestly in what capacity they chat). English and French, in the words people use, with
 * their usual spellings (no accents, "u", "r", "t'es"). Measured on the phrasings of
 * honesty-corpus.ts (its test gives the precision and recall).
 */
export function asksIfReal(text: string): boolean {
  const t = plain(text)
  return PATTERNS.some((pattern) => pattern.test(t))
}

/** Lower case, no accents, one kind of apostrophe, single spaces. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’'`´]/g, "'")
    .replace(/[^\p{L}\p{N}'?!]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const WHAT = String.raw`(?:real|reel|a bot|bot|a robot|robot|an? (?:ai|a\.?i)|ai|fake|a fake|human|a human|a person|a real person|a real (?:woman|man|girl|guy|lady)|an? (?:actual|genuine) (?:person|human|woman|man|girl|guy)|actually real|genuinely real|really real|for real|legit|a chatbot|chatbot|a computer|a machine|automated|a program|an operator|operator|a moderator|an employee|employee|staff|a staff member|paid|a paid (?:profile|chatter|animator)|an animator|a fictional (?:profile|character)|fictional|a catfish|catfish|a scam|a scammer|a real profile|a real member|a member)`
const TALKING = '(?:talking|chatting|speaking|writing|texting|messaging)'
const FR_WHAT = String.raw`(?:un |une )?(?:vrai|vraie|reel|reelle|vraie personne|vrai personne|vrai homme|vraie femme|personne reelle|robot|bot|chatbot|ia|i\.a|fake|faux|fausse|faux profil|profil fictif|fictif|fictive|humain|humaine|etre humain|employe|employee|salarie|salariee|moderateur|moderatrice|animateur|animatrice|operateur|operatrice|machine|ordinateur|programme|arnaque|arnaqueur|arnaqueuse|paye|payee|pour de vrai|en vrai|membre)`

const PATTERNS: RegExp[] = [
  // English: are you / r u / is this … real, a bot, staff …
  new RegExp(
    String.raw`\b(?:are|r) (?:you|u|ya) (?:even |really |actually |truly |honestly |just |some |a )?${WHAT}\b`,
  ),
  /\b(?:you|u) (?:are|r|re|'re) (?:not |just |only |obviously |clearly |probably |definitely )?(?:a )?(?:bot|robot|fake|ai|chatbot|computer|machine|operator|employee|staff|paid|fictional|catfish|scam|not real|not human|not a real person)\b/,
  /\byou'?re (?:not |just |only |obviously |clearly |probably |definitely )?(?:a )?(?:bot|robot|fake|ai|chatbot|computer|machine|operator|employee|staff|paid|fictional|catfish|scam|real|human|not real)\b/,
  new RegExp(
    String.raw`\b(?:is|isn't) (?:this|that|it|she|he|this profile|your profile|this account) (?:even |really |actually )?${WHAT}\b`,
  ),
  new RegExp(
    String.raw`\bam i (?:really |actually |even )?${TALKING} (?:to|with) (?:a |an |the )?(?:real|bot|robot|ai|human|person|machine|computer|operator|employee|staff|chatbot|program|fake|someone real|a real|you really|the real)`,
  ),
  new RegExp(String.raw`\b(?:who|what) am i (?:really |actually )?${TALKING} (?:to|with)\b`),
  /\b(?:who|what)(?: is|'s) (?:really |actually )?(?:writing|typing|answering|behind) (?:this|these|your|the)/,
  /\bwho (?:really |actually )?(?:writes|types|answers|sends) (?:this|these|your|the|my)/,
  /\b(?:do|does) (?:you|u|this profile) (?:really |actually |even )?exist\b/,
  /\b(?:you|u) or (?:with |to )?someone else\b|\btoi ou (?:avec )?quelqu'un d'autre\b/,
  /\b(?:do|does|are) (?:you|u) (?:work|working|get paid|paid) (?:for|by) (?:the|this) (?:site|app|website|company|dating site|platform)/,
  /\bpaid to (?:chat|talk|write|answer)/,
  /\b(?:prove|show me) (?:you(?:'re| are)|that you(?:'re| are)) (?:real|human|a real person|not a bot)/,
  /\bnot a (?:bot|robot|fake|scam|chatbot)\b.*\?/,
  /\bbot or (?:not|real|human)|real or (?:fake|bot|not)|human or (?:bot|robot|ai|machine)\b/,
  /\bis (?:this|it|everything) (?:all )?(?:a scam|fake|real)\b/,
  /\bfake (?:profile|account)s?\b.*\?|\bare these profiles (?:real|fake)/,
  // English: meeting
  /\b(?:can|could|shall|should|will|would|when can|when could|when will|where can|where could|do you want to|wanna|want to|would you like to|would you want to|are you up for|how about we|why don't we|let's|lets|we should|we could|can i|could i|i want to|i'd love to|i would love to|id love to) (?:we |you )?(?:finally |ever |actually |really |please )?(?:meet|see each other|get together|hook up|link up|meet up|hang out|go out|grab (?:a )?(?:coffee|drink|drinks|dinner|lunch|a bite)|have (?:a )?(?:coffee|drink|dinner|date))/,
  /\b(?:meet|see you|meeting) (?:up |you )?(?:in person|irl|in real life|for real|face to face|offline|for (?:a )?(?:coffee|drink|drinks|dinner|date)|this weekend|tonight|tomorrow|soon|some ?time|one day)\b/,
  /\b(?:will|would|can|could|won't|wouldn't) (?:you|u) (?:ever |really |please )?meet (?:me|up)\b/,
  /\bwhere do you live\b.*\b(?:meet|visit|come)|\b(?:come|visit) (?:to )?(?:my place|see you|you)\b.*\?/,
  /\b(?:real life|irl) date\b|\bgo on a (?:real )?date\b/,
  // French: es-tu / êtes-vous / t'es / tu es … vrai, un robot, employé …
  new RegExp(
    String.raw`\b(?:es tu|es-tu|etes vous|etes-vous|t'es|tes|t es|tu es|vous etes|est ce que tu es|est ce que vous etes|est ce que t'es|tu serais|vous seriez|serais tu|seriez vous) (?:vraiment |reellement |bien |meme |juste |pas |un peu )?${FR_WHAT}\b`,
  ),
  /\b(?:c'est|c est|est ce|est-ce|est ce que c'est|cest) (?:vraiment |bien |juste )?(?:un |une )?(?:bot|robot|ia|fake|faux profil|profil fictif|arnaque|vraie personne|vrai personne|vrai profil|toi qui (?:ecris|reponds|m'ecris)|un employe|une employee|un operateur|une operatrice|un animateur|une animatrice|une machine|un programme)\b/,
  /\b(?:suis je|suis-je|je suis|je parle|est ce que je parle|je discute|j'ecris|je tchatte|je chatte) (?:vraiment |bien |en train de parler |en train d'ecrire )?(?:a|avec) (?:un |une )?(?:robot|bot|vrai|vraie|humain|humaine|machine|ordinateur|employe|employee|operateur|operatrice|animateur|animatrice|moderateur|ia|personne reelle|vraie personne|quelqu'un de reel|quelqu'un de vrai|programme)/,
  /\bqui (?:m'ecrit|m'ecris|ecrit|ecris|repond|reponds|est derriere|se cache derriere|tape|redige)\b/,
  /\b(?:tu existes|vous existez|existes tu|existez vous|tu existe|t'existes)\b/,
  /\b(?:tu|vous|t') ?(?:travailles|travaillez|bosses|bossez|es payee?|etes payee?s?) (?:pour|par) (?:le site|l'appli|l'application|le service|la plateforme|ce site|cette appli|eux|la societe)/,
  /\bpaye(?:e|s|es)? pour (?:discuter|parler|ecrire|repondre|tchatter)/,
  /\b(?:prouve|prouvez)(?: moi| le moi)? que (?:tu es|t'es|vous etes) (?:vrai|vraie|reel|reelle|humain|humaine|une vraie personne)/,
  /\b(?:vrai|reel) ou (?:faux|fake|robot|bot)|(?:robot|bot|humain) ou (?:pas|humain|robot|vrai)\b/,
  /\b(?:les profils|ces profils|ce profil|ton profil|votre profil) (?:sont|est) (?:ils |il )?(?:vrais|faux|reels|fictifs|fake|vrai|faux|reel|fictif)\b/,
  // French: se voir, se rencontrer
  /\b(?:on|nous|peut on|peut-on|pourrait on|pourrait-on|pourrions nous|pouvons nous|on pourrait|on peut|on se|quand est ce qu'on|quand est-ce qu'on|tu veux qu'on|vous voulez qu'on|ca te dit qu'on|ca vous dit qu'on|et si on|je veux|je voudrais|j'aimerais|on devrait) (?:se |s'|te |vous )?(?:pourrait |peut |pourrais |pourrions |pouvons |devrait )?(?:se |s'|te |vous )?(?:voir|voie|voient|rencontrer|rencontre|rencontrait|rencontrions|retrouver|retrouve|retrouvait|croiser)\b/,
  /\b(?:se|te|vous|nous) (?:voir|rencontrer|retrouver) (?:en vrai|pour de vrai|irl|en personne|dans la vraie vie|ce soir|demain|ce week end|ce weekend|bientot|un jour|autour d'un)/,
  /\b(?:boire|prendre) un (?:verre|cafe|pot)\b.*\?|\b(?:un|on se fait un) (?:verre|cafe|resto|restau|diner) (?:ensemble|avec moi|un de ces jours|ce soir|demain)/,
  /\b(?:rendez vous|rendez-vous|rdv|un date|un rencard|un rancard)\b.*\?/,
  /\bquand est ce qu'on se voit|\bon se voit quand|\bon se voit\b.*\?/,
  /\b(?:tu habites|vous habitez|t'habites) (?:ou|où)\b.*\b(?:voir|venir|rencontrer)/,
]
