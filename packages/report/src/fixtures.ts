/**
 * Realistic report payloads (as the web app's builder produces them) for tests, the screenshot
 * and the benchmark. Farms, figures and measures are plausible for the labels named; people and
 * SIRETs are fictitious.
 */
import type {
  CategoriePayload,
  GroupeSysExpPayload,
  ManquementPayload,
  PointCategoriePayload,
  RapportPayload,
} from './payload';
import { signatureFictive } from './signatureFictive';

const AUDITEUR = {
  nom: 'Girardot',
  prenom: 'Claire',
  mail: 'c.girardot@odg-comte.fr',
  telephone: '03 81 54 12 40',
};

const signe = (nom: string) => ({ name: nom, image: signatureFictive(nom) });

/** A conforming point; `nc` makes it non-conforming with a severity. */
const pt = (
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

function base(): RapportPayload {
  return {
    odgRef: {
      raisonSociale: 'Comité Interprofessionnel de Gestion du Comté',
      siret: '77838129600027',
      adresse: ['Avenue de la Résistance', '39800 Poligny'],
      telephone: '03 84 37 23 51',
      mail: 'contact@comte.com',
      logo: null,
    },
    dateControle: '11/03/2025',
    heure: '09:30',
    dateNow: '11/03/2025',
    synthese: {
      audite: {
        observation: '',
        signatures: { rapport: [signe('Julien Vuillemin')], planProgres: [] },
      },
      auditeur: { observation: '', signature: signatureFictive('Claire Girardot', 400, 100) },
    },
    referentielActifs: ['Cahier des charges AOP Comté', "Plan d'inspection 2025"],
    aopIgp: {
      id: 'aop-comte',
      libelle: 'Comté',
      type: 'AOP',
      migre: false,
      referentielsJoin: "Cahier des charges AOP Comté, Plan d'inspection 2025",
      organismeCertificateur: 'Certipaq',
      logoAopIgp: null,
      graviteColLabel: 'Gravité',
    },
    numeroRapport: 'SIQ-104233',
    auditeur: AUDITEUR,
    audite: {
      raisonSociale: 'GAEC des Combes',
      siret: '49201783600018',
      adresse: ['12 chemin des Combes', '25240 Mouthe'],
      telephone: '03 81 69 20 14',
      mail: 'gaec.combes@orange.fr',
    },
    activites: ['Production de lait'],
    manquements: [],
    sysExp: SYS_EXP,
    categories: CATEGORIES_CONFORMES,
  };
}

const SYS_EXP: GroupeSysExpPayload[] = [
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

const CATEGORIES_CONFORMES: CategoriePayload[] = [
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

/** A conforming farm: no shortcoming, one audited signer. */
export function fixtureSansManquement(): RapportPayload {
  const p = base();
  p.numeroRapport = 'SIQ-104210';
  p.audite = {
    ...p.audite,
    raisonSociale: 'EARL du Mont Sainte-Anne',
    adresse: ['3 route de Pontarlier', '25270 Levier'],
  };
  p.synthese.auditeur.observation = 'Exploitation bien tenue, registres à jour.';
  p.synthese.audite.observation = 'RAS.';
  return p;
}

const MANQUEMENTS_COMTE: ManquementPayload[] = [
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

/** The Doubs farm of the screenshot: three shortcomings, two audited signers. */
export function fixturePlusieursManquements(): RapportPayload {
  const p = base();
  p.manquements = MANQUEMENTS_COMTE;
  p.categories = CATEGORIES_CONFORMES.map((c) => ({
    ...c,
    points: c.points.map((x) => {
      const m = MANQUEMENTS_COMTE.find((mq) => mq.code === x.code);
      return m
        ? {
            ...x,
            conformite: 'NC',
            valeur: m.valeur,
            gravite: m.gravite,
            observation: m.informationsAuditeur,
          }
        : x;
    }),
  }));
  p.synthese.auditeur.observation =
    "Troupeau en croissance (+22 VL depuis 2023) sans reprise de surfaces : l'équilibre surfaces/animaux n'est plus respecté. Bonne tenue de la salle de traite.";
  p.synthese.audite.observation = 'Agrandissement en cours, les baux seront signés au printemps.';
  const vuillemin = signe('Julien Vuillemin');
  p.synthese.audite.signatures = {
    rapport: [vuillemin, signe('Marion Vuillemin')],
    planProgres: [vuillemin],
  };
  return p;
}

/** A migrated label: thresholds ('Seuil 2') under the appellation's own column label. */
export function fixtureMigre(): RapportPayload {
  const p = fixturePlusieursManquements();
  p.numeroRapport = 'SIQ-98810';
  p.odgRef = {
    ...p.odgRef,
    raisonSociale: 'ODG Saint-Nectaire',
    siret: '38922119300015',
    adresse: ['Route de Riom', '63610 Besse'],
  };
  p.aopIgp = {
    ...p.aopIgp,
    id: 'aop-st-nectaire',
    libelle: 'Saint-Nectaire',
    migre: true,
    graviteColLabel: 'Seuil',
    organismeCertificateur: 'Bureau Veritas Certification',
    referentielsJoin: 'Cahier des charges AOP Saint-Nectaire',
  };
  p.referentielActifs = ['Cahier des charges AOP Saint-Nectaire'];
  p.audite = {
    ...p.audite,
    raisonSociale: 'Ferme de la Montagne',
    adresse: ['Le Bourg', '63710 Saint-Nectaire'],
  };
  p.manquements = [
    {
      ...MANQUEMENTS_COMTE[0],
      code: 'SNE-07',
      libelle: 'Pâturage : 150 jours minimum',
      valeur: '128 jours',
      gravite: 'Seuil 2',
    },
    { ...MANQUEMENTS_COMTE[2], code: 'SNE-12', gravite: 'Seuil 1' },
  ];
  p.categories = [
    {
      libelle: 'Conduite du troupeau',
      points: [
        pt('SNE-07', 'Pâturage : 150 jours minimum', '128 jours', 'Seuil 2'),
        pt('SNE-12', 'Concentrés (max. 1 800 kg/VL/an)', '1 950 kg/VL/an', 'Seuil 1'),
      ],
    },
  ];
  return p;
}

/**
 * The benchmark's report: 80 control points in 8 categories, 12 shortcomings, 2 signatures
 * (auditor and one audited signer), long enough to run over several pages.
 */
export function fixtureVolumineuse(): RapportPayload {
  const p = fixturePlusieursManquements();
  p.numeroRapport = 'SIQ-110087';
  p.categories = Array.from({ length: 8 }, (_, c) => ({
    libelle: `Catégorie ${c + 1} — ${['Aire géographique', 'Troupeau', 'Alimentation', 'Traite', 'Hygiène', 'Stockage du lait', 'Fromagerie', 'Affinage'][c]}`,
    points: Array.from({ length: 10 }, (_, i) => {
      const n = c * 10 + i + 1;
      const code = `CTE-${String(n).padStart(3, '0')}`;
      return n % 7 === 0 && n <= 84
        ? pt(
            code,
            `Exigence ${n} du cahier des charges`,
            `${n},5`,
            n % 2 ? 'Majeur' : 'Mineur',
            'Écart constaté lors de la visite des bâtiments et vérifié sur les registres.',
          )
        : pt(
            code,
            `Exigence ${n} du cahier des charges relative aux pratiques de l'exploitation`,
            'Oui',
          );
    }),
  }));
  p.manquements = Array.from({ length: 12 }, (_, i) => ({
    ...MANQUEMENTS_COMTE[i % 3],
    code: `CTE-${String((i + 1) * 6).padStart(3, '0')}`,
    libelle: `${MANQUEMENTS_COMTE[i % 3].libelle} (constat ${i + 1})`,
  }));
  p.synthese.audite.signatures = { rapport: [signe('Julien Vuillemin')], planProgres: [] };
  return p;
}

export const FIXTURES = {
  sansManquement: fixtureSansManquement,
  plusieursManquements: fixturePlusieursManquements,
  migre: fixtureMigre,
  volumineuse: fixtureVolumineuse,
} as const;
