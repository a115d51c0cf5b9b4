import type { Random } from './random.ts'

const OPENERS = {
  en: [
    'Easy-going and curious, I love discovering new places.',
    'I am a warm, down-to-earth person with a soft spot for good food.',
    'Friends describe me as funny, loyal and a little bit stubborn.',
    'Life is too short for boring conversations.',
    'Recently single and ready for something new.',
    'I work hard during the week and enjoy slow weekends.',
    'Adventurous at heart, homebody on Sundays.',
    'I believe a good laugh is the best start of anything.',
  ],
  fr: [
    'De nature curieuse, j’adore découvrir de nouveaux endroits.',
    'Je suis quelqu’un de chaleureux et simple, avec un faible pour la bonne cuisine.',
    'Mes amis me disent drôle, fidèle et un peu têtu·e.',
    'La vie est trop courte pour les conversations ennuyeuses.',
    'Célibataire depuis peu et prêt·e pour une nouvelle histoire.',
    'Je travaille beaucoup en semaine et j’aime les week-ends tranquilles.',
    'Aventurier·ère dans l’âme, casanier·ère le dimanche.',
    'Un bon fou rire, c’est le meilleur début pour tout.',
  ],
}

const MIDDLES = {
  en: [
    'You will often find me on a terrace with a coffee or on a long walk.',
    'I can talk for hours about music, travel and the last series I binge-watched.',
    'My ideal evening: cooking together, a glass of wine and a good film.',
    'I go to the gym a few times a week but never say no to pizza.',
    'I like spontaneous weekend trips and small cosy restaurants.',
    'Books, board games and long breakfasts make me happy.',
  ],
  fr: [
    'On me trouve souvent en terrasse avec un café ou en longue balade.',
    'Je peux parler des heures de musique, de voyages et de la dernière série que j’ai dévorée.',
    'Ma soirée idéale : cuisiner à deux, un verre de vin et un bon film.',
    'Je vais à la salle quelques fois par semaine mais je ne dis jamais non à une pizza.',
    'J’aime les escapades improvisées le week-end et les petits restaurants cosy.',
    'Les livres, les jeux de société et les longs petits-déjeuners me rendent heureux·se.',
  ],
}

const CLOSERS = {
  en: [
    'Send me a message if you want to know more!',
    'Looking for someone honest to share good moments with.',
    'Let’s start with a chat and see where it goes.',
    'Say hi, I do not bite :)',
    'Tell me about the best trip you ever made.',
  ],
  fr: [
    'Envoie-moi un message si tu veux en savoir plus !',
    'Je cherche quelqu’un de sincère pour partager de bons moments.',
    'Commençons par discuter et on verra bien.',
    'Dis-moi bonjour, je ne mords pas :)',
    'Raconte-moi le plus beau voyage que tu aies fait.',
  ],
}

/**
 * A short, natural "about me" text, in English and in French: the same sentences (the lists are
 * translations of each other, line by line), so that a page shows it in its own language.
 */
export function composeAbout(random: Random): { en: string; fr: string } {
  const picks = [OPENERS, MIDDLES, CLOSERS].map((list) => random.int(0, list.en.length - 1))
  const text = (language: 'en' | 'fr') =>
    [OPENERS[language][picks[0]], MIDDLES[language][picks[1]], CLOSERS[language][picks[2]]].join(' ')
  return { en: text('en'), fr: text('fr') }
}
