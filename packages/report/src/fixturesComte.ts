/**
 * The Comté farm of the fixtures (GAEC des Combes, Mouthe, Doubs): its exploitation figures,
 * control points and shortcomings, figures consistent with each other (58,2 ha of grass for
 * 87 cows is 0,67 ha/VL; 84,4 UGB on it is 1,45 UGB/ha).
 */
import type {
  CategoriePayload,
  GroupeSysExpPayload,
  ManquementPayload,
  PointCategoriePayload,
} from './payload';

/** A conforming point; `nc` makes it non-conforming with a severity. */
export const pt = (
  code: string,
  libelle: string,
  valeur: string,
  nc?: string,
  observation = '',
): PointCategoriePayload => ({
  code,
  libelle,
  conformite: nc ? 'NC' : 'C',
  valeur,
  gravite: nc ?? '',
  observation,
});

export const SYS_EXP: GroupeSysExpPayload[] = [
  {
    libelle: 'Surfaces',
    points: [
      { code: 'a1', libelle: 'Surface agricole utile', valeur: '96,4', unite: 'ha' },
      { code: 'a2', libelle: 'Surface herbagère', valeur: '58,2', unite: 'ha' },
      { code: 'a3', libelle: 'Surface en maïs ensilage', valeur: '0', unite: 'ha' },
    ],
  },
  {
    libelle: 'Cheptel',
    points: [
      { code: 'a4', libelle: 'Vaches laitières présentes', valeur: '87', unite: 'VL' },
      { code: 'a5', libelle: 'Unités gros bovins', valeur: '84,4', unite: 'UGB' },
      {
        code: 'a6',
        libelle: 'Surface herbagère par vache',
        formule: 'a2 / a4',
        valeur: '0,67',
        unite: 'ha/VL',
      },
      { code: 'a7', libelle: 'Chargement', formule: 'a5 / a2', valeur: '1,45', unite: 'UGB/ha' },
    ],
  },
  { libelle: 'Atelier de transformation', ignore: true, points: [] },
];

export const CATEGORIES_CONFORMES: CategoriePayload[] = [
  {
    libelle: 'Aire géographique et identification',
    points: [
      pt('CTE-01', "Siège et parcelles de l'exploitation dans l'aire géographique", 'Oui'),
      pt('CTE-02', 'Identification du troupeau à jour (BDNI)', 'Oui'),
    ],
  },
  {
    libelle: 'Troupeau et alimentation',
    points: [
      pt('CTE-10', 'Races Montbéliarde ou Simmental française', '100 %'),
      pt('CTE-11', 'Surface herbagère par vache laitière (min. 1 ha/VL)', '1,12 ha/VL'),
      pt('CTE-12', 'Chargement (max. 1,3 UGB/ha de surface herbagère)', '1,05 UGB/ha'),
      pt('CTE-13', 'Concentrés (max. 1 800 kg/VL/an)', '1 420 kg/VL/an'),
      {
        ...pt('CTE-14', "Absence d'aliments fermentés", ''),
        conformite: 'SO',
        observation: 'Pas de stock',
      },
    ],
  },
  {
    libelle: 'Traite et lait',
    points: [
      pt('CTE-20', 'Traite deux fois par jour', 'Oui'),
      {
        ...pt('CTE-21', 'Robot de traite absent', ''),
        conformite: 'NO',
        observation: 'Salle de traite fermée',
      },
    ],
  },
];

export const MANQUEMENTS_COMTE: [ManquementPayload, ManquementPayload, ManquementPayload] = [
  {
    code: 'CTE-11',
    libelle: 'Surface herbagère par vache laitière (min. 1 ha/VL)',
    categorie: 'Troupeau et alimentation',
    valeur: '0,67 ha/VL',
    gravite: 'Majeur',
    informationsAuditeur: '58,2 ha de surface herbagère pour 87 vaches laitières présentes.',
    informationsAudite: 'Reprise de 15 ha de prairies prévue à la Saint-Martin.',
    mesureCorrective: 'Réduire le troupeau à 58 VL ou justifier de surfaces supplémentaires',
    delaiCorrective: '6 mois — 11/09/2025',
    mesureCorrectrice: "Bail des parcelles de Chapelle-des-Bois transmis à l'ODG",
    delaiCorrectrice: '3 mois — 11/06/2025',
  },
  {
    code: 'CTE-12',
    libelle: 'Chargement (max. 1,3 UGB/ha de surface herbagère)',
    categorie: 'Troupeau et alimentation',
    valeur: '1,45 UGB/ha',
    gravite: 'Mineur',
    informationsAuditeur: '84,4 UGB sur 58,2 ha.',
    informationsAudite: '',
    mesureCorrective: "Vente de 12 génisses avant la mise à l'herbe",
    delaiCorrective: '2 mois — 11/05/2025',
    mesureCorrectrice: '',
    delaiCorrectrice: '',
  },
  {
    code: 'CTE-13',
    libelle: 'Concentrés (max. 1 800 kg/VL/an)',
    categorie: 'Troupeau et alimentation',
    valeur: '1 950 kg/VL/an',
    gravite: 'Mineur',
    informationsAuditeur: 'Factures 2024 : 169,6 t de concentrés.',
    informationsAudite: 'Foin de mauvaise qualité en 2024 (été pluvieux).',
    mesureCorrective: 'Plan de rationnement validé par le conseiller',
    delaiCorrective: '1 mois — 11/04/2025',
    mesureCorrectrice: 'Analyse des fourrages avant chaque hiver',
    delaiCorrectrice: '',
  },
];
