import { describe, expect, it } from 'vitest';
import {
  afficheActions,
  ajouterJours,
  controleTourneeIncomplet,
  correspondOperateur,
  dateInitialeMesTournees,
  documentsParDefaut,
  estHabilite,
  joursAffiches,
  lundiDe,
  naviguer,
  peutCreerInopine,
  sitesParDefaut,
} from '.';

describe('week and day navigation', () => {
  it('shows the work week Monday to Saturday, or the day', () => {
    expect(joursAffiches('2026-11-25', 'WEEK')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(joursAffiches('2026-11-29', 'WEEK')[0]).toBe('2026-11-23');
    expect(joursAffiches('2026-11-25', 'DAY')).toEqual(['2026-11-25']);
  });

  it('steps 7 days in week view and 1 day in day view', () => {
    expect(naviguer('2026-11-25', 'WEEK', 1)).toBe('2026-12-02');
    expect(naviguer('2026-11-25', 'WEEK', -1)).toBe('2026-11-18');
    expect(naviguer('2026-11-30', 'DAY', 1)).toBe('2026-12-01');
    expect(lundiDe('2026-11-23')).toBe('2026-11-23');
    expect(ajouterJours('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('starts at the earliest control still to do, ignoring done and cancelled ones', () => {
    const controles = [
      { date: '2026-11-16T07:00:00Z', statut: 'REALISE' as const },
      { date: '2026-11-17T07:00:00Z', statut: 'ANNULE' as const },
      { date: '2026-11-26T07:00:00Z', statut: 'PROGRAMME' as const },
      { date: '2026-11-24T07:00:00Z', statut: 'EN_COURS' as const },
      { date: '2026-11-18T07:00:00Z', statut: 'REALISE_ATTENTE_SIGNATURE' as const },
    ];
    expect(dateInitialeMesTournees(controles, '2026-11-23')).toBe('2026-11-24');
    expect(dateInitialeMesTournees([], '2026-11-23')).toBe('2026-11-23');
  });

  it('offers actions only on PROGRAMME and EN_COURS controls', () => {
    expect(afficheActions('PROGRAMME')).toBe(true);
    expect(afficheActions('EN_COURS')).toBe(true);
    expect(afficheActions('ANNULE')).toBe(false);
    expect(afficheActions('REALISE')).toBe(false);
  });
});

describe('round and unannounced-inspection rules', () => {
  const complet = {
    date: '2026-11-24',
    appellations: [{ siteIds: ['1'], activiteAopIgpIds: ['2'], niveau: 'SUP_TERRAIN' as const }],
  };
  it.each([
    [complet, false],
    [{ ...complet, date: null }, true],
    [{ ...complet, appellations: [] }, true],
    [{ ...complet, appellations: [{ ...complet.appellations[0], siteIds: [] }] }, true],
    [{ ...complet, appellations: [{ ...complet.appellations[0], activiteAopIgpIds: [] }] }, true],
    [{ ...complet, appellations: [{ ...complet.appellations[0], niveau: null }] }, true],
  ])('round control %# incomplete: %s', (c, attendu) => {
    expect(controleTourneeIncomplet(c)).toBe(attendu);
  });

  it('counts an operator habilitated only with a VALIDEE habilitation', () => {
    const h = (statut: 'VALIDEE' | 'EN_COURS') => ({
      aopIgp: { id: '1', libelle: 'Comté' },
      activite: { id: '1', libelle: 'Production de lait' },
      statut,
    });
    expect(estHabilite({ habilitations: [h('EN_COURS'), h('VALIDEE')] })).toBe(true);
    expect(estHabilite({ habilitations: [h('EN_COURS')] })).toBe(false);
    expect(estHabilite({})).toBe(false);
  });

  it('allows unannounced inspections to ODG or ODG_REFERENTE rights holding a SIRET', () => {
    expect(peutCreerInopine({ type: 'ODG', siret: '77639468400029' })).toBe(true);
    expect(peutCreerInopine({ type: 'ODG_REFERENTE', siret: '43279341800033' })).toBe(true);
    expect(peutCreerInopine({ type: 'ODG', siret: null })).toBe(false);
    expect(peutCreerInopine(null)).toBe(false);
  });

  it('prefers the headquarters site, else the first site of the label', () => {
    expect(
      sitesParDefaut(
        [
          { id: 'a', aopIds: ['2'] },
          { id: 'b', siege: true },
        ],
        '2',
      ),
    ).toEqual(['b']);
    expect(
      sitesParDefaut(
        [
          { id: 'a', aopIds: ['3'] },
          { id: 'c', aopIds: ['2'] },
        ],
        '2',
      ),
    ).toEqual(['c']);
    expect(sitesParDefaut([{ id: 'a', aopIds: ['3'] }], '2')).toEqual([]);
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
    expect(documentsParDefaut([])).toEqual([]);
  });

  it('searches operators case- and accent-insensitively on siret, name, postcode, city, mail', () => {
    const op = {
      siret: '77639468400029',
      raisonSociale: 'GAEC des Épicéas',
      codePostal: '25300',
      ville: 'Pontarlier',
      mail: 'gaec@exemple.fr',
    };
    expect(correspondOperateur(op, 'epiceas')).toBe(true);
    expect(correspondOperateur(op, 'PONTAR')).toBe(true);
    expect(correspondOperateur(op, '2530')).toBe(true);
    expect(correspondOperateur(op, '776394')).toBe(true);
    expect(correspondOperateur(op, 'exemple.fr')).toBe(true);
    expect(correspondOperateur(op, 'morteau')).toBe(false);
    expect(correspondOperateur(op, ' ')).toBe(true);
  });
});
