/** First names by language and gender, for demo members. */
export const FIRST_NAMES: Record<string, { female: readonly string[]; male: readonly string[] }> = {
  en: {
    female: ['Emma', 'Olivia', 'Sophie', 'Charlotte', 'Grace', 'Lucy', 'Hannah', 'Chloe', 'Amelia', 'Jessica', 'Megan', 'Laura', 'Ellie', 'Rachel', 'Katie', 'Natalie', 'Rebecca', 'Zoe', 'Abigail', 'Molly', 'Isla', 'Freya', 'Siobhan', 'Aoife'],
    male: ['James', 'Oliver', 'Harry', 'Jack', 'Thomas', 'George', 'William', 'Daniel', 'Samuel', 'Joseph', 'Matthew', 'Ryan', 'Liam', 'Ethan', 'Adam', 'Luke', 'Connor', 'Callum', 'Owen', 'Michael', 'Sean', 'Patrick', 'Alex', 'Ben'],
  },
  fr: {
    female: ['Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Julie', 'Sarah', 'Pauline', 'Élodie', 'Mathilde', 'Claire', 'Amandine', 'Aurélie', 'Margaux', 'Anaïs', 'Céline', 'Juliette', 'Lucie', 'Émilie', 'Nathalie', 'Océane', 'Solène'],
    male: ['Lucas', 'Hugo', 'Thomas', 'Antoine', 'Maxime', 'Julien', 'Nicolas', 'Alexandre', 'Romain', 'Mathieu', 'Pierre', 'Louis', 'Guillaume', 'Clément', 'Baptiste', 'Sébastien', 'Quentin', 'Florian', 'Théo', 'Vincent', 'Jérôme', 'Arnaud'],
  },
  nl: {
    female: ['Sanne', 'Lotte', 'Eva', 'Fleur', 'Anouk', 'Lisa', 'Femke', 'Iris', 'Noor', 'Sophie', 'Marloes', 'Esther', 'Ilse', 'Nina', 'Roos', 'Maaike'],
    male: ['Daan', 'Bram', 'Lars', 'Thijs', 'Sander', 'Ruben', 'Jeroen', 'Bas', 'Niels', 'Stijn', 'Joris', 'Wouter', 'Koen', 'Pieter', 'Tim', 'Jasper'],
  },
  de: {
    female: ['Anna', 'Lena', 'Julia', 'Laura', 'Katharina', 'Sarah', 'Lisa', 'Johanna', 'Marie', 'Sophie', 'Miriam', 'Franziska', 'Carolin', 'Jana', 'Nina', 'Theresa'],
    male: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Leon', 'Tobias', 'Florian', 'Sebastian', 'Moritz', 'Jan', 'Philipp', 'Stefan', 'Markus', 'Andreas', 'Niklas', 'Matthias'],
  },
}

/** The name language of each country the demo data covers. */
export const COUNTRY_NAME_LANGUAGE: Record<string, readonly string[]> = {
  NL: ['nl'],
  BE: ['nl', 'fr'],
  FR: ['fr'],
  DE: ['de'],
  AT: ['de'],
  CH: ['de', 'fr'],
  GB: ['en'],
  IE: ['en'],
  CA: ['en', 'fr'],
}
