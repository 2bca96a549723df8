import { describe, expect, it } from 'vitest';
import type { InformationsOperateur, OperateurTournee } from '../types';
import {
  alertesMemeHeure,
  appliquerLot,
  carteDepuisServeur,
  erreursDeCarte,
  erreursDuLot,
  estDimanche,
  estIncomplete,
  fusionner,
  nouvelleCarte,
  remplacer,
  versPayload,
  type CarteControle,
} from './cartes';

const operateur = {
  personneMoraleId: '7',
  raisonSociale: 'GAEC des Crêts',
  codePostal: '25300',
  ville: 'Pontarlier',
};

const infos: InformationsOperateur = {
  raisonSociale: 'GAEC des Crêts',
  siret: '12345678901234',
  codePostal: '25300',
  ville: 'Pontarlier',
  sites: [
    { id: 's1', libelle: 'Ferme', siege: false, codePostal: null, ville: null, aopIds: ['1'] },
    { id: 's2', libelle: 'Siège', siege: true, codePostal: null, ville: null, aopIds: [] },
  ],
  appellations: [
    {
      aopIgp: { id: '1', libelle: 'Comté' },
      activites: [
        { id: 'a1', libelle: 'Producteur de lait' },
        { id: 'a2', libelle: 'Transformateur' },
      ],
    },
  ],
  documents: [
    { id: 'd1', fileName: 'di-2024.pdf', typeDocument: 'DI', dateCreation: '2024-03-01' },
    { id: 'd2', fileName: 'di-2025.pdf', typeDocument: 'DI', dateCreation: '2025-03-01' },
    { id: 'r1', fileName: 'audit.pdf', typeDocument: 'RAPPORT_AUDIT', dateCreation: '2025-06-01' },
  ],
};

const serveur = (valide: boolean): OperateurTournee => ({
  operateur: {
    id: '7',
    raisonSociale: 'GAEC des Crêts',
    siret: '1',
    codePostal: null,
    ville: null,
  },
  valide,
  date: '2026-11-24T07:30:00.000Z',
  avisPassage: null,
  controles: valide
    ? [
        {
          id: 'c1',
          personneMoraleId: '7',
          date: '2026-11-24T07:30:00.000Z',
          aopIgp: { id: '1', libelle: 'Comté' },
          sites: [{ id: 's1', libelle: 'Ferme' }],
          niveau: 'SUP_TERRAIN',
          statut: 'PROGRAMME',
          resultat: null,
          activiteAopIgpIds: ['a1'],
          activites: [{ id: 'a1', libelle: 'Producteur de lait' }],
          fichierIds: [],
          raisonAbandon: null,
          controleurId: null,
          controleurDenomination: null,
        },
      ]
    : [],
  brouillon: valide
    ? null
    : {
        personneMoraleId: '7',
        date: '2026-11-24T07:30:00.000Z',
        controles: [
          { aopId: '1', siteIds: [], niveau: null, activiteAopIgpIds: ['a1'], fichierIds: [] },
        ],
      },
});

describe('cards of step 2', () => {
  it('preselects the headquarters, every activity held and the latest DI and audit report', () => {
    const c = nouvelleCarte(operateur, infos);
    expect(c.appellations).toEqual([
      {
        aopId: '1',
        libelle: 'Comté',
        siteIds: ['s2'],
        niveau: null,
        activiteAopIgpIds: ['a1', 'a2'],
        fichierIds: ['d2', 'r1'],
      },
    ]);
    expect(c.valide).toBe(false);
    // No date and no level yet: the card is flagged.
    expect(estIncomplete(c)).toBe(true);
  });

  it('is complete once bulk entry gives a day, a time and a level to the cards still to do', () => {
    const a = nouvelleCarte(operateur, infos);
    const validee = { ...carteDepuisServeur(serveur(true)), personneMoraleId: '8' };
    const lot = appliquerLot([a, validee], {
      jour: '2026-11-24',
      heure: '09:15',
      niveau: 'SUP_DOC',
    });
    expect(lot).toHaveLength(1);
    expect(lot[0]?.jour).toBe('2026-11-24');
    expect(lot[0]?.appellations[0]?.niveau).toBe('SUP_DOC');
    expect(lot.map(estIncomplete)).toEqual([false]);
  });

  it('is incomplete without a site, an activity, a level, a label or a date', () => {
    const [base] = appliquerLot([nouvelleCarte(operateur, infos)], {
      jour: '2026-11-24',
      heure: '09:00',
      niveau: 'SUP_DOC',
    });
    if (!base) throw new Error('carte attendue');
    const sans = (a: Partial<CarteControle['appellations'][number]>): CarteControle => ({
      ...base,
      appellations: base.appellations.map((x) => ({ ...x, ...a })),
    });
    expect(estIncomplete(sans({ siteIds: [] }))).toBe(true);
    expect(estIncomplete(sans({ activiteAopIgpIds: [] }))).toBe(true);
    expect(estIncomplete(sans({ niveau: null }))).toBe(true);
    expect(estIncomplete({ ...base, appellations: [] })).toBe(true);
    expect(estIncomplete({ ...base, jour: '' })).toBe(true);
  });

  it('knows Sundays in Paris', () => {
    expect(estDimanche('2026-11-29')).toBe(true);
    expect(estDimanche('2026-11-30')).toBe(false);
    expect(estDimanche('')).toBe(false);
  });

  it('sends the Paris wall time as an instant', () => {
    const c = { ...nouvelleCarte(operateur, infos), jour: '2026-07-01', heure: '08:30' };
    expect(versPayload(c).date).toBe('2026-07-01T06:30:00.000Z');
    expect(versPayload({ ...c, jour: '' }).date).toBeNull();
  });

  it('reads a validated operator and a saved draft back from the round', () => {
    const v = carteDepuisServeur(serveur(true));
    expect(v).toMatchObject({
      valide: true,
      jour: '2026-11-24',
      heure: '08:30',
      controleIds: ['c1'],
    });
    const b = carteDepuisServeur(serveur(false));
    expect(b.valide).toBe(false);
    expect(b.appellations[0]).toMatchObject({ aopId: '1', activiteAopIgpIds: ['a1'] });
  });

  it('shows local edits over the saved draft, and cards not yet saved after the round', () => {
    const modifiee = { ...carteDepuisServeur(serveur(false)), heure: '10:00' };
    const autre = { ...nouvelleCarte(operateur, infos), personneMoraleId: '9' };
    const cartes = fusionner([serveur(false)], remplacer([autre], modifiee));
    expect(cartes.map((c) => [c.personneMoraleId, c.heure])).toEqual([
      ['7', '10:00'],
      ['9', '08:00'],
    ]);
    // A validated operator is the server's, whatever the device held.
    expect(fusionner([serveur(true)], [modifiee])[0]?.valide).toBe(true);
  });

  it("maps the server's field names to the card's fields", () => {
    expect(
      erreursDeCarte([
        { field: 'date[7]', defaultMessage: 'Contrôle impossible le dimanche' },
        { field: 'controles[0].siteId', defaultMessage: 'Ce champ est obligatoire' },
        { field: 'controles[1].niveau', defaultMessage: 'Ce champ est obligatoire' },
      ]),
    ).toEqual({
      date: 'Contrôle impossible le dimanche',
      'controles.0.siteId': 'Ce champ est obligatoire',
      'controles.1.niveau': 'Ce champ est obligatoire',
    });
  });

  it('gives each card of a lot its own errors: by index, or by the date’s operator id', () => {
    const a = { ...nouvelleCarte(operateur, infos), personneMoraleId: '7' };
    const b = { ...nouvelleCarte(operateur, infos), personneMoraleId: '9' };
    expect(
      erreursDuLot(
        [
          { field: 'operateurControles[1].controles[0].siteId', defaultMessage: 'Site ?' },
          { field: 'date[7]', defaultMessage: 'Dimanche' },
          { field: 'operateurControles[5].controles[0].niveau', defaultMessage: 'perdu' },
        ],
        [a, b],
      ),
    ).toEqual({ '9': { 'controles.0.siteId': 'Site ?' }, '7': { date: 'Dimanche' } });
  });

  it('warns the cards less than an hour from another visit of the controller, naming it', () => {
    const carte = (id: string, nom: string, heure: string): CarteControle => ({
      ...nouvelleCarte({ ...operateur, personneMoraleId: id, raisonSociale: nom }, infos),
      jour: '2026-06-12',
      heure,
    });
    const alertes = alertesMemeHeure(
      [carte('1', 'GAEC A', '09:00'), carte('2', 'GAEC B', '09:30'), carte('3', 'GAEC C', '14:00')],
      [
        {
          controleId: '50',
          tourneeId: '4',
          personneMoraleId: null,
          raisonSociale: null,
          date: '2026-06-12T12:30:00.000Z',
        },
      ],
    );
    expect(alertes).toEqual({
      '1': 'Le contrôleur a une autre visite à la même heure : GAEC B le 12/06/2026 à 09:30',
      '2': 'Le contrôleur a une autre visite à la même heure : GAEC A le 12/06/2026 à 09:00',
      '3': 'Le contrôleur a une autre visite à la même heure : un contrôle d’un autre ODG le 12/06/2026 à 14:30',
    });
  });
});
