import { describe, expect, it } from 'vitest';
import {
  construirePayloadRapport,
  libelleColonneGravite,
  type ControlePourRapport,
} from './payload';
import { grilleSchema } from '@estive/domain';
import type { Grille, SyntheseAop } from './provisoire';

const COMTE = { id: '3', libelle: 'Comté', type: 'AOP', migre: false };
const MORBIER = {
  id: '7',
  libelle: 'Morbier',
  type: 'AOP',
  migre: true,
  graviteColLabel: 'Récidive',
};

const controle = (aopIgp: ControlePourRapport['aopIgp'], id = '4812'): ControlePourRapport => ({
  id,
  date: '2025-06-12T07:30:00.000Z',
  aopIgp,
  odgRef: {
    raisonSociale: 'CIGC',
    siret: '77564829100016',
    adresse: 'Avenue de la Résistance',
    codePostal: '39800',
    ville: 'Poligny',
  },
  organisme: { raisonSociale: 'Certipaq' },
  referentiels: [
    { libelle: 'Cahier des charges 2024', actif: true },
    { libelle: 'Cahier des charges 2015', actif: false },
  ],
});

const manquement = (aop: { id: string; libelle: string }, code: string) => ({
  key: `${code}-${aop.id}`,
  pointControleId: code,
  pointControleCode: code,
  libelle: `Point ${code}`,
  aopIgp: aop,
  seuil: 'GRAVE' as const,
  valeur: '12',
  categorie: 'Alimentation',
  saisie: {
    informationsAuditeur: 'Ensilage constaté',
    informationsAudite: 'Stock ancien',
    correctives: { mesure: 'Retirer le stock', delai: '1 mois', date: '12/07/2025' },
    correctrices: { mesure: 'Former le personnel', delai: null, date: null },
  },
});

// Parsed as a stored grid is: the fields left out take the domain's defaults.
const grille: Grille = grilleSchema.parse({
  categories: [
    {
      id: 'c1',
      libelle: 'Alimentation',
      ordre: 1,
      points: [
        {
          id: 'p1',
          code: 'AL-01',
          ordre: 1,
          libelle: 'Absence d’ensilage',
          source: 'CONSTAT',
          aops: [
            {
              aopIgpId: '3',
              aopIgpLibelle: 'Comté',
              saisie: { conformite: 'NC', gravite: 'GRAVE', valeur: '12' },
            },
            {
              aopIgpId: '7',
              aopIgpLibelle: 'Morbier',
              saisie: { conformite: 'NC', gravite: 'GRAVE' },
            },
          ],
        },
        {
          id: 'p2',
          code: 'AL-02',
          ordre: 2,
          libelle: 'Herbe pâturée',
          source: 'NUMERIQUE',
          aops: [
            { aopIgpId: '3', aopIgpLibelle: 'Comté', saisie: { conformite: 'C', valeur: '150' } },
          ],
        },
      ],
    },
  ],
  groupesSysExploitation: [
    {
      id: 'g1',
      libelle: 'Surfaces',
      ignore: false,
      points: [
        { id: 'pse-a1', code: 'a1', libelle: 'SAU', valeur: '52', unite: 'ha' },
        {
          id: 'pse-a9',
          code: 'a9',
          libelle: 'Surface par vache',
          formule: 'a1 / a2',
          valeur: '1,04',
          unite: 'ha/VL',
          dec: 2,
        },
      ],
    },
    {
      id: 'g2',
      libelle: 'Cheptel',
      ignore: true,
      points: [{ id: 'pse-a2', code: 'a2', libelle: 'Vaches', valeur: null }],
    },
  ],
  manquements: [manquement(COMTE, 'AL-01'), manquement(MORBIER, 'AL-01')],
});

const synthese: SyntheseAop = {
  audite: { observation: 'RAS', signatures: { rapport: [], planProgres: [] }, signed: false },
  auditeur: { observation: 'Visite cordiale', signature: null, signed: false },
};
const operateur = {
  raisonSociale: 'GAEC des Sapins',
  siret: '12345678901234',
  codePostal: '25300',
  ville: 'Pontarlier',
};
const auditeur = {
  nom: 'Martin',
  prenom: 'Claire',
  mail: 'claire.martin@example.fr',
  telephone: null,
};
const maintenant = new Date('2025-06-12T10:00:00Z');

describe('construirePayloadRapport', () => {
  it('numbers the report SIQ- plus its final number, never the local id', () => {
    const p = construirePayloadRapport(
      { ...controle(COMTE, 'local-500123'), numeroRapport: '4021' },
      grille,
      synthese,
      operateur,
      auditeur,
      { maintenant },
    );
    expect(p.numeroRapport).toBe('SIQ-4021');
  });

  it('numbers a control stored before report numbers with its id', () => {
    const p = construirePayloadRapport(
      controle(COMTE, '500123'),
      grille,
      synthese,
      operateur,
      auditeur,
      { maintenant },
    );
    expect(p.numeroRapport).toBe('SIQ-500123');
  });

  it('lists only the manquements of its own AOP-IGP, as display rows', () => {
    const p = construirePayloadRapport(controle(COMTE), grille, synthese, operateur, auditeur, {
      maintenant,
    });
    expect(p.manquements).toEqual([
      {
        code: 'AL-01',
        libelle: 'Point AL-01',
        categorie: 'Alimentation',
        valeur: '12',
        gravite: 'Grave',
        informationsAuditeur: 'Ensilage constaté',
        informationsAudite: 'Stock ancien',
        mesureCorrective: 'Retirer le stock',
        delaiCorrective: '1 mois — 12/07/2025',
        mesureCorrectrice: 'Former le personnel',
        delaiCorrectrice: '',
      },
    ]);
  });

  it('has no manquement row for a compliant label', () => {
    const sans: Grille = { ...grille, manquements: [] };
    const p = construirePayloadRapport(controle(COMTE), sans, synthese, operateur, auditeur, {
      maintenant,
    });
    expect(p.manquements).toEqual([]);
  });

  it('labels the gravity column and severities of a migrated label with its thresholds', () => {
    const p = construirePayloadRapport(controle(MORBIER), grille, synthese, operateur, auditeur, {
      maintenant,
    });
    expect(p.aopIgp.graviteColLabel).toBe('Récidive');
    expect(p.aopIgp.migre).toBe(true);
    expect(p.manquements[0]?.gravite).toBe('Seuil 3');
    expect(p.categories[0]?.points).toEqual([
      {
        code: 'AL-01',
        libelle: 'Absence d’ensilage',
        conformite: 'NC',
        valeur: '',
        gravite: 'Seuil 3',
        observation: '',
      },
    ]);
  });

  it('keeps "Gravité" for a label that was not migrated, "Seuil" for a migrated one without wording', () => {
    expect(libelleColonneGravite(COMTE)).toBe('Gravité');
    expect(libelleColonneGravite({ ...MORBIER, graviteColLabel: null })).toBe('Seuil');
    const p = construirePayloadRapport(controle(COMTE), grille, synthese, operateur, auditeur, {
      maintenant,
    });
    expect(p.aopIgp.graviteColLabel).toBe('Gravité');
  });

  it('shows the control date and time in Paris, active referentials, skips ignored exploitation groups', () => {
    const p = construirePayloadRapport(controle(COMTE), grille, synthese, operateur, auditeur, {
      maintenant,
    });
    expect(p.dateControle).toBe('12/06/2025');
    expect(p.heure).toBe('09:30');
    expect(p.referentielActifs).toEqual(['Cahier des charges 2024']);
    expect(p.sysExp).toEqual([
      {
        libelle: 'Surfaces',
        points: [
          { code: 'a1', libelle: 'SAU', formule: '', valeur: '52', unite: 'ha' },
          // A computed line carries its formula, printed in the report's 'Formule' column.
          {
            code: 'a9',
            libelle: 'Surface par vache',
            formule: 'a1 / a2',
            valeur: '1,04',
            unite: 'ha/VL',
          },
        ],
      },
    ]);
    expect(p.audite.adresse).toEqual(['25300 Pontarlier']);
    expect(p.odgRef.adresse).toEqual(['Avenue de la Résistance', '39800 Poligny']);
    expect(p.auditeur).toEqual({
      nom: 'Martin',
      prenom: 'Claire',
      mail: 'claire.martin@example.fr',
      telephone: '',
    });
    expect(p.empreinte).toBeUndefined();
  });

  it('names the auditor chosen in the synthesis instead of the signed-in user', () => {
    const choisi: SyntheseAop = {
      ...synthese,
      auditeur: {
        ...synthese.auditeur,
        id: '42',
        nom: 'Jeanningros',
        prenom: 'Marc',
        mail: 'marc.jeanningros@example.fr',
        telephone: '0381000000',
      },
    };
    const p = construirePayloadRapport(controle(COMTE), grille, choisi, operateur, auditeur, {
      maintenant,
    });
    expect(p.auditeur).toEqual({
      nom: 'Jeanningros',
      prenom: 'Marc',
      mail: 'marc.jeanningros@example.fr',
      telephone: '0381000000',
    });
    expect(p.synthese.auditeur.observation).toBe('Visite cordiale');
  });
});

describe('logos', () => {
  it('prints the ODG logo and the AOP seal the device holds, none without them', () => {
    const avec = construirePayloadRapport(controle(COMTE), grille, synthese, operateur, auditeur, {
      maintenant,
      logoOdg: 'data:image/png;base64,T0RH',
      logoAopIgp: 'data:image/png;base64,QU9Q',
    });
    expect(avec.odgRef.logo).toBe('data:image/png;base64,T0RH');
    expect(avec.aopIgp.logoAopIgp).toBe('data:image/png;base64,QU9Q');
    const sans = construirePayloadRapport(controle(COMTE), grille, synthese, operateur, auditeur, {
      maintenant,
    });
    expect(sans.odgRef.logo).toBeNull();
    expect(sans.aopIgp.logoAopIgp).toBeNull();
  });
});
