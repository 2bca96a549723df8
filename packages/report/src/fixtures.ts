/**
 * Realistic report payloads (as the web app's builder produces them) for tests, the screenshot
 * and the benchmark. Farms, figures and measures are plausible for the labels named; people and
 * SIRETs are fictitious.
 */
import type { RapportPayload } from './payload';
import { CATEGORIES_CONFORMES, MANQUEMENTS_COMTE, pt, SYS_EXP } from './fixturesComte';
import { signatureFictive } from './signatureFictive';

const AUDITEUR = {
  nom: 'Girardot',
  prenom: 'Claire',
  mail: 'c.girardot@odg-comte.fr',
  telephone: '03 81 54 12 40',
};

const signe = (nom: string) => ({ name: nom, image: signatureFictive(nom) });

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
  p.manquements = Array.from({ length: 12 }, (_, i) => {
    const modele = MANQUEMENTS_COMTE[i % 3] ?? MANQUEMENTS_COMTE[0];
    return {
      ...modele,
      code: `CTE-${String((i + 1) * 6).padStart(3, '0')}`,
      libelle: `${modele.libelle} (constat ${i + 1})`,
    };
  });
  p.synthese.audite.signatures = { rapport: [signe('Julien Vuillemin')], planProgres: [] };
  return p;
}

export const FIXTURES = {
  sansManquement: fixtureSansManquement,
  plusieursManquements: fixturePlusieursManquements,
  migre: fixtureMigre,
  volumineuse: fixtureVolumineuse,
} as const;
