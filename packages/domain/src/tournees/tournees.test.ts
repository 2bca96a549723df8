import { describe, expect, it } from 'vitest';
import { STATUTS_CONTROLE } from '../enums';
import {
  afficheActions,
  controleTourneeIncomplet,
  correspondOperateur,
  dateInitialeMesTournees,
  documentsParDefaut,
  estHabilite,
  NIVEAU_INOPINE,
  peutAnnuler,
  peutCreerInopine,
  rechercherOperateurs,
  sitesParDefaut,
} from '.';

describe('Mes tournées', () => {
  it('opens on the earliest control still to do, ignoring done and cancelled ones', () => {
    const controles = [
      { date: '2026-11-16T07:00:00Z', statut: 'REALISE' as const },
      { date: '2026-11-17T07:00:00Z', statut: 'ANNULE' as const },
      { date: '2026-11-18T07:00:00Z', statut: 'REALISE_ATTENTE_SIGNATURE' as const },
      { date: '2026-11-19T07:00:00Z', statut: 'REALISE_PP_NON_SIGNE' as const },
      { date: '2026-11-26T07:00:00Z', statut: 'PROGRAMME' as const },
      { date: '2026-11-24T07:00:00Z', statut: 'EN_COURS' as const },
    ];
    expect(dateInitialeMesTournees(controles, '2026-11-23')).toBe('2026-11-24');
    expect(dateInitialeMesTournees(controles.slice(0, 4), '2026-11-23')).toBe('2026-11-23');
    expect(dateInitialeMesTournees([], '2026-11-23')).toBe('2026-11-23');
  });

  it('takes the day as seen in Paris', () => {
    const tard = [{ date: '2026-11-24T23:30:00Z', statut: 'PROGRAMME' as const }];
    expect(dateInitialeMesTournees(tard, '2026-11-23')).toBe('2026-11-25');
  });

  it.each(STATUTS_CONTROLE.map((s) => [s, s === 'PROGRAMME' || s === 'EN_COURS']))(
    'control %s: cancel and enter-data buttons %s',
    (statut, attendu) => {
      expect(peutAnnuler(statut)).toBe(attendu);
      expect(afficheActions(statut)).toBe(attendu);
    },
  );
});

describe("round wizard: the 'Incomplet' chip", () => {
  const appellation = { siteIds: ['1'], activiteAopIgpIds: ['2'], niveau: 'SUP_TERRAIN' as const };
  const complet = { date: '2026-11-24T08:00:00Z', appellations: [appellation] };
  it.each([
    ['complete', complet, false],
    ['no date', { ...complet, date: null }, true],
    ['empty date', { ...complet, date: '' }, true],
    ['no appellation', { ...complet, appellations: [] }, true],
    ['no site', { ...complet, appellations: [{ ...appellation, siteIds: [] }] }, true],
    [
      'no activity',
      { ...complet, appellations: [{ ...appellation, activiteAopIgpIds: [] }] },
      true,
    ],
    ['no level', { ...complet, appellations: [{ ...appellation, niveau: null }] }, true],
    [
      'second appellation incomplete',
      { ...complet, appellations: [appellation, { ...appellation, siteIds: [] }] },
      true,
    ],
  ])('%s → incomplete %s', (_cas, controle, attendu) => {
    expect(controleTourneeIncomplet(controle)).toBe(attendu);
  });
});

describe('unannounced inspection', () => {
  it('is always at level INIT_CIBLE_INO', () => {
    expect(NIVEAU_INOPINE).toBe('INIT_CIBLE_INO');
  });

  it.each([
    [{ type: 'ODG', siret: '77639468400029' }, true],
    [{ type: 'ODG_REFERENTE', siret: '43279341800033' }, true],
    [{ type: 'ODG', siret: null }, false],
    [{ type: 'ODG_REFERENTE', siret: '' }, false],
    [null, false],
  ] as const)('active right %j → may create %s', (droit, attendu) => {
    expect(peutCreerInopine(droit)).toBe(attendu);
  });

  it.each([
    [['EN_COURS', 'VALIDEE'], true],
    [['VALIDEE'], true],
    [['EN_ATTENTE', 'EN_COURS'], false],
    [[], false],
  ] as const)('habilitations %j → habilitated %s', (statuts, attendu) => {
    expect(estHabilite({ habilitations: statuts.map((statut) => ({ statut })) })).toBe(attendu);
  });

  it('counts an operator without habilitations as not habilitated', () => {
    expect(estHabilite({})).toBe(false);
    expect(estHabilite({ habilitations: null })).toBe(false);
  });

  it.each([
    [
      'headquarters first',
      [
        { id: 'a', aopIds: ['2'] },
        { id: 'b', siege: true },
      ],
      ['b'],
    ],
    [
      'else first site of the label',
      [
        { id: 'a', aopIds: ['3'] },
        { id: 'c', aopIds: [2] },
        { id: 'd', aopIds: ['2'] },
      ],
      ['c'],
    ],
    ['else none', [{ id: 'a', aopIds: ['3'] }, { id: 'e' }], []],
    ['no sites', [], []],
  ])('default site: %s', (_cas, sites, attendu) => {
    expect(sitesParDefaut(sites, '2')).toEqual(attendu);
  });

  it('preselects the latest DI and the latest audit report', () => {
    const docs = [
      { id: '1', typeDocument: 'DI', dateCreation: '2024-01-01' },
      { id: '2', typeDocument: 'DI', dateCreation: '2025-03-01' },
      { id: '3', typeDocument: 'RAPPORT_AUDIT', dateCreation: '2025-06-01' },
      { id: '4', typeDocument: 'RAPPORT_AUDIT', dateCreation: '2023-06-01' },
      { id: '5', typeDocument: 'PLANNING', dateCreation: '2026-01-01' },
    ];
    expect(documentsParDefaut(docs)).toEqual(['2', '3']);
    expect(documentsParDefaut(docs.slice(0, 2))).toEqual(['2']);
    expect(documentsParDefaut([])).toEqual([]);
  });
});

describe('local operator search', () => {
  const op = {
    siret: '77639468400029',
    raisonSociale: 'GAEC des Épicéas',
    codePostal: '25300',
    ville: 'Pontarlier',
    mail: 'gaec@exemple.fr',
  };
  it.each([
    ['epiceas', true],
    ['ÉPICÉAS', true],
    ['PONTAR', true],
    ['2530', true],
    ['776394', true],
    ['exemple.fr', true],
    ['', true],
    [' ', true],
    ['morteau', false],
  ])('%j → %s', (texte, attendu) => {
    expect(correspondOperateur(op, texte)).toBe(attendu);
  });

  it('ignores missing fields and filters a list', () => {
    const autre = { raisonSociale: 'Fromagerie de Morteau', siret: null };
    expect(correspondOperateur(autre, '7763')).toBe(false);
    expect(rechercherOperateurs([op, autre], 'morteau')).toEqual([autre]);
  });
});
