/** French word lists and real communes of the dairy areas, for realistic demo operators. */

export const PRENOMS = [
  'Jean', 'Marie', 'Pierre', 'Anne', 'Louis', 'Claire', 'Paul', 'Sophie', 'Michel', 'Isabelle',
  'Bernard', 'Catherine', 'Philippe', 'Nathalie', 'Alain', 'Sylvie', 'Thierry', 'Céline', 'Éric',
  'Julie', 'Laurent', 'Aurélie', 'Nicolas', 'Émilie', 'Christophe', 'Élodie', 'Sébastien', 'Camille',
  'Damien', 'Lucie', 'Hervé', 'Martine', 'Gilles', 'Pauline', 'Yves', 'Mathilde',
] as const;

export const NOMS = [
  'Bourgeois', 'Guyon', 'Vuillemin', 'Jeunet', 'Cuenot', 'Pourcelot', 'Mourey', 'Grandjean',
  'Bailly', 'Perrin', 'Tissot', 'Cretin', 'Girod', 'Jacquet', 'Mugnier', 'Pernet', 'Bouvier',
  'Favre', 'Duc', 'Blanc', 'Mermoud', 'Chappaz', 'Bochet', 'Vernay', 'Roux', 'Chabrier', 'Vidal',
  'Lafon', 'Delmas', 'Bonnet', 'Mathieu', 'Fabre', 'Marty', 'Besson', 'Rouchy', 'Laporte', 'Lemoine',
  'Hébert', 'Lecomte', 'Lefèvre', 'Morel', 'Gaillard', 'Picard', 'Renaud', 'Barbier', 'Fournier',
] as const;

export const LIEUX_DITS = [
  'des Trois Sapins', 'du Mont d\'Or', 'de la Combe', 'des Gentianes', 'du Crêt', 'de la Source',
  'des Épicéas', 'du Haut-Doubs', 'de la Fruitière', 'des Prés Verts', 'du Grand Pré',
  'de la Montagne', 'des Alpages', 'du Col', 'de la Vallée', 'des Puys', 'du Plateau',
  'de la Côte', 'des Bruyères', 'du Moulin', 'des Chênes', 'de l\'Étang', 'du Val', 'des Roches',
] as const;

export const FORMES = ['GAEC', 'EARL', 'SCEA', 'EARL', 'GAEC', 'Ferme'] as const;

export interface Commune {
  ville: string;
  codePostal: string;
  latitude: number;
  longitude: number;
}

/** Communes by area; the area decides which labels its operators hold. */
export const COMMUNES: Record<string, readonly Commune[]> = {
  jura: [
    { ville: 'Poligny', codePostal: '39800', latitude: 46.837, longitude: 5.706 },
    { ville: 'Pontarlier', codePostal: '25300', latitude: 46.904, longitude: 6.354 },
    { ville: 'Mouthe', codePostal: '25240', latitude: 46.709, longitude: 6.193 },
    { ville: 'Morteau', codePostal: '25500', latitude: 47.057, longitude: 6.607 },
    { ville: 'Champagnole', codePostal: '39300', latitude: 46.747, longitude: 5.913 },
    { ville: 'Ornans', codePostal: '25290', latitude: 47.106, longitude: 6.144 },
    { ville: 'Frasne', codePostal: '25560', latitude: 46.855, longitude: 6.16 },
    { ville: 'Levier', codePostal: '25270', latitude: 46.954, longitude: 6.12 },
    { ville: 'Maîche', codePostal: '25120', latitude: 47.252, longitude: 6.803 },
    { ville: 'Les Rousses', codePostal: '39220', latitude: 46.484, longitude: 6.064 },
  ],
  savoie: [
    { ville: 'Abondance', codePostal: '74360', latitude: 46.28, longitude: 6.721 },
    { ville: 'Thônes', codePostal: '74230', latitude: 45.881, longitude: 6.325 },
    { ville: 'Le Grand-Bornand', codePostal: '74450', latitude: 45.941, longitude: 6.428 },
    { ville: 'Beaufort', codePostal: '73270', latitude: 45.719, longitude: 6.573 },
    { ville: 'Albertville', codePostal: '73200', latitude: 45.676, longitude: 6.392 },
    { ville: 'Bourg-Saint-Maurice', codePostal: '73700', latitude: 45.618, longitude: 6.769 },
    { ville: 'La Clusaz', codePostal: '74220', latitude: 45.904, longitude: 6.423 },
    { ville: 'Châtel', codePostal: '74390', latitude: 46.265, longitude: 6.84 },
  ],
  auvergne: [
    { ville: 'Besse-et-Saint-Anastaise', codePostal: '63610', latitude: 45.51, longitude: 2.935 },
    { ville: 'Saint-Nectaire', codePostal: '63710', latitude: 45.588, longitude: 3.0 },
    { ville: 'Égliseneuve-d\'Entraigues', codePostal: '63850', latitude: 45.419, longitude: 2.823 },
    { ville: 'Aurillac', codePostal: '15000', latitude: 44.926, longitude: 2.44 },
    { ville: 'Salers', codePostal: '15140', latitude: 45.139, longitude: 2.496 },
    { ville: 'Riom-ès-Montagnes', codePostal: '15400', latitude: 45.282, longitude: 2.66 },
    { ville: 'Murat', codePostal: '15300', latitude: 45.11, longitude: 2.866 },
  ],
  bourgogne: [
    { ville: 'Époisses', codePostal: '21460', latitude: 47.507, longitude: 4.174 },
    { ville: 'Semur-en-Auxois', codePostal: '21140', latitude: 47.491, longitude: 4.334 },
    { ville: 'Montbard', codePostal: '21500', latitude: 47.623, longitude: 4.338 },
  ],
  aveyron: [
    { ville: 'Roquefort-sur-Soulzon', codePostal: '12250', latitude: 43.975, longitude: 2.991 },
    { ville: 'Millau', codePostal: '12100', latitude: 44.098, longitude: 3.078 },
    { ville: 'Saint-Affrique', codePostal: '12400', latitude: 43.958, longitude: 2.887 },
  ],
  drome: [
    { ville: 'Dieulefit', codePostal: '26220', latitude: 44.526, longitude: 5.063 },
    { ville: 'Crest', codePostal: '26400', latitude: 44.728, longitude: 5.022 },
  ],
  normandie: [
    { ville: 'Isigny-sur-Mer', codePostal: '14230', latitude: 49.318, longitude: -1.103 },
    { ville: 'Carentan-les-Marais', codePostal: '50500', latitude: 49.303, longitude: -1.248 },
  ],
};

export const RUES = [
  'Route de', 'Chemin de', 'Lieu-dit', 'Hameau de', 'Rue de', 'Impasse de',
] as const;
