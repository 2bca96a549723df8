import { describe, expect, it } from 'vitest';
import { validerGrille } from './completude';
import { ignorerGroupe } from './exploitation';
import { grilleComteDemo } from './fixtures';
import { saisirManquement } from './manquements';
import { finaliserControle, resultatControle } from './resultat';
import { saisirPoint, trouverEntree } from './saisie';
import { cleManquement, type ClePoint, type Grille } from './schemas';
import { nouvelleSignatureAudite, signerAudite, signerAuditeur, syntheseVide } from './synthese';

const TEMPERATURE: ClePoint = { pointId: 'pc-TL-01', aopIgpId: 'aop-comte' };
const RACE: ClePoint = { pointId: 'pc-TR-01', aopIgpId: 'aop-comte' };
const saisieDe = (g: Grille, cle: ClePoint) => trouverEntree(g, cle)!.entree.saisie;

describe('saisirPoint', () => {
  it('auto-evaluates a typed value, with the explanation', () => {
    const { grille, verdict } = saisirPoint(grilleComteDemo(), TEMPERATURE, { valeur: '21,5' });
    expect(saisieDe(grille, TEMPERATURE)).toMatchObject({
      valeur: '21,5',
      conformite: 'NC',
      gravite: 'MAJEUR',
    });
    expect(verdict).toMatchObject({
      pointId: 'pc-TL-01',
      pointCode: 'TL-01',
      aopIgpId: 'aop-comte',
      niveau: 'majeur',
      explication: 'Valeur 21,5 ≥ 20 (seuil majeur) : non conforme, gravité majeur',
    });
  });

  it.each([
    [
      'a conformity chosen with the value wins',
      { valeur: '30', conformite: 'C' as const },
      'C',
      null,
    ],
    ['a blank typed value keeps the conformity', { valeur: '' }, 'NC', 'MAJEUR'],
    ['an unreadable value keeps the conformity', { valeur: 'froid' }, 'NC', 'MAJEUR'],
    ['leaving NC drops the severity', { conformite: 'SO' as const }, 'SO', null],
    [
      'a severity without NC is dropped',
      { conformite: 'C' as const, gravite: 'GRAVE' as const },
      'C',
      null,
    ],
    [
      'NC chosen by hand keeps the severity given',
      { conformite: 'NC' as const, gravite: 'GRAVE' as const },
      'NC',
      'GRAVE',
    ],
  ])('%s', (_, patch, conformite, gravite) => {
    const depart = saisirPoint(grilleComteDemo(), TEMPERATURE, { valeur: '21' }).grille;
    const { grille } = saisirPoint(depart, TEMPERATURE, patch);
    expect(saisieDe(grille, TEMPERATURE)).toMatchObject({ conformite, gravite });
  });

  it('cites the unit of the linked exploitation line when the value is typed on the point', () => {
    const cle = { pointId: 'pc-SC-03', aopIgpId: 'aop-comte' };
    expect(saisirPoint(grilleComteDemo(), cle, { valeur: '1,6' }).verdict?.explication).toBe(
      'Valeur 1,6 UGB/ha > 1,5 (seuil majeur) : non conforme, gravité majeur',
    );
  });

  it('never auto-evaluates a CONSTAT point, nor a point marked SO or NO', () => {
    const constat = saisirPoint(grilleComteDemo(), RACE, { valeur: '3' });
    expect(constat.verdict).toBeNull();
    expect(saisieDe(constat.grille, RACE).conformite).toBeNull();
    const so = saisirPoint(grilleComteDemo(), TEMPERATURE, { conformite: 'SO' }).grille;
    expect(
      saisieDe(saisirPoint(so, TEMPERATURE, { valeur: '40' }).grille, TEMPERATURE).conformite,
    ).toBe('SO');
  });

  it('returns the same grid for an unknown key or a change that changes nothing', () => {
    const g = grilleComteDemo();
    expect(saisirPoint(g, { pointId: 'inconnu', aopIgpId: 'aop-comte' }, { valeur: '1' })).toEqual({
      grille: g,
      verdict: null,
    });
    const une = saisirPoint(g, TEMPERATURE, { observation: 'Tank relevé à 7 h' }).grille;
    const deux = saisirPoint(une, TEMPERATURE, { observation: 'Tank relevé à 7 h' });
    expect(deux.grille).toBe(une);
  });

  it('copies only the path to the changed entry (structural sharing)', () => {
    const g = grilleComteDemo();
    const { grille } = saisirPoint(g, TEMPERATURE, { observation: 'RAS' });
    const i = g.categories.findIndex((c) => c.libelle === 'Traite et lait');
    grille.categories.forEach((c, j) =>
      j === i ? expect(c).not.toBe(g.categories[j]) : expect(c).toBe(g.categories[j]),
    );
    expect(grille.groupesSysExploitation).toBe(g.groupesSysExploitation);
    expect(grille.manquements).toBe(g.manquements);
    expect(saisieDe(g, TEMPERATURE).observation).toBeNull();
  });
});

describe('manquements follow NC', () => {
  const cle = cleManquement('TL-01', 'aop-comte');

  it('NC creates the manquement keyed by point code and AOP-IGP, with its place in the grid', () => {
    const { grille } = saisirPoint(grilleComteDemo(), TEMPERATURE, { valeur: '19' });
    expect(cle).toBe('TL-01-aop-comte');
    expect(grille.manquements).toEqual([
      {
        key: cle,
        pointControleId: 'pc-TL-01',
        pointControleCode: 'TL-01',
        libelle: 'Température du lait après traite (< 18 °C)',
        reference: 'Décret 2007-822 art. 4',
        aopIgp: { id: 'aop-comte', libelle: 'Comté' },
        seuil: 'MINEUR',
        valeur: '19',
        categorie: 'Traite et lait',
        saisie: {
          informationsAuditeur: null,
          informationsAudite: null,
          correctives: { mesure: null, delai: null, date: null },
          correctrices: { mesure: null, delai: null, date: null },
        },
      },
    ]);
    expect(trouverEntree(grille, TEMPERATURE)!.entree.hasManquement).toBe(true);
  });

  it('an update keeps the progress plan; leaving NC removes the manquement', () => {
    let g = saisirPoint(grilleComteDemo(), TEMPERATURE, { valeur: '19' }).grille;
    const mesure = { mesure: 'Réparer le tank', delai: '1 mois', date: '2025-07-01' };
    g = saisirManquement(g, cle, {
      informationsAuditeur: 'Tank en panne',
      correctives: mesure,
    });
    g = saisirPoint(g, TEMPERATURE, { valeur: '26' }).grille;
    expect(g.manquements).toHaveLength(1);
    expect(g.manquements[0]).toMatchObject({
      seuil: 'GRAVE',
      valeur: '26',
      saisie: { informationsAuditeur: 'Tank en panne', correctives: mesure },
    });
    g = saisirPoint(g, TEMPERATURE, { valeur: '4' }).grille;
    expect(g.manquements).toEqual([]);
    expect(trouverEntree(g, TEMPERATURE)!.entree.hasManquement).toBe(false);
  });

  it('saisirManquement ignores an unknown key', () => {
    const g = grilleComteDemo();
    expect(saisirManquement(g, 'inconnu', { informationsAudite: 'x' })).toBe(g);
  });
});

describe('result and finalisation', () => {
  /** Every group ignored, every point SO except the milk's temperature (TL-01). */
  const complete = (g: Grille, valeurTemperature: string) => {
    for (const groupe of g.groupesSysExploitation) g = ignorerGroupe(g, groupe.id, true).grille;
    for (const c of g.categories)
      for (const p of c.points)
        for (const e of p.aops) {
          const cle = { pointId: p.id, aopIgpId: e.aopIgpId };
          g = saisirPoint(
            g,
            cle,
            p.code === 'TL-01' ? { valeur: valeurTemperature } : { conformite: 'SO' },
          ).grille;
        }
    return g;
  };
  const signee = () => {
    const s = signerAudite(
      syntheseVide(),
      [{ ...nouvelleSignatureAudite('1', 'Jeanne Vuillet'), image: 'data:image/png;base64,AA' }],
      true,
    );
    return signerAuditeur(s, 'data:image/png;base64,BB');
  };
  const controle = (grille: Grille | null, synthese = signee()) => ({
    id: '42',
    aopIgp: { id: 'aop-comte' },
    statut: 'EN_COURS' as const,
    resultat: null,
    grille,
    synthese,
  });

  it.each([
    ['4', 'CONFORME'],
    ['19', 'NON_CONFORME'],
  ] as const)('temperature %s °C → %s, statut REALISE', (t, resultat) => {
    const r = finaliserControle(controle(complete(grilleComteDemo(), t)));
    expect(r).toMatchObject({ ok: true, controle: { id: '42', statut: 'REALISE', resultat } });
  });

  it('"abc" typed after 19 °C: the point is incomplete, finalising is refused until corrected', () => {
    const g = saisirPoint(complete(grilleComteDemo(), '19'), TEMPERATURE, { valeur: 'abc' }).grille;
    // The shortcoming found on 19 °C stays (a typo does not drop it), but nothing is signed on it.
    expect(saisieDe(g, TEMPERATURE)).toMatchObject({ valeur: 'abc', conformite: 'NC' });
    expect(validerGrille(g).valide).toBe(false);
    expect(finaliserControle(controle(g))).toMatchObject({
      ok: false,
      raison: 'GRILLE_INCOMPLETE',
    });
    const corrigee = saisirPoint(g, TEMPERATURE, { valeur: '4' }).grille;
    expect(finaliserControle(controle(corrigee))).toMatchObject({
      ok: true,
      controle: { resultat: 'CONFORME' },
    });
  });

  it('counts only the manquements of the control’s AOP-IGP, or all without one', () => {
    const g = complete(grilleComteDemo(), '19');
    expect(resultatControle(g, 'aop-abondance')).toBe('CONFORME');
    expect(resultatControle(g, 'aop-comte')).toBe('NON_CONFORME');
    expect(resultatControle(g)).toBe('NON_CONFORME');
  });

  it.each([
    ['an incomplete grid', () => controle(grilleComteDemo()), 'GRILLE_INCOMPLETE'],
    ['no grid', () => controle(null), 'GRILLE_INCOMPLETE'],
    [
      'a missing signature',
      () => controle(complete(grilleComteDemo(), '4'), syntheseVide()),
      'SIGNATURES_MANQUANTES',
    ],
  ])('refuses %s with the spec messages', (_, c, raison) => {
    expect(finaliserControle(c())).toEqual({
      ok: false,
      raison,
      message: 'Le contrôle ne peut pas être finalisé',
      detail: 'Merci de compléter les éléments manquants',
    });
  });

  it.each([
    ['a negative delay', { delai: '-2 mois' }],
    ['an impossible date', { date: '31/02/2026' }],
  ])('refuses a progress plan with %s, and finalises once it is corrected', (_, mesure) => {
    const g = complete(grilleComteDemo(), '19');
    const key = g.manquements[0]!.key;
    const avec = (m: object) =>
      saisirManquement(g, key, {
        correctives: { mesure: 'Réparer le tank', delai: '1 mois', date: '15/06/2026', ...m },
      });
    expect(finaliserControle(controle(avec(mesure)))).toEqual({
      ok: false,
      raison: 'PLAN_PROGRES_INVALIDE',
      message: 'Le contrôle ne peut pas être finalisé',
      detail: 'Des dates ou des délais du plan de progrès ne sont pas valides',
    });
    expect(finaliserControle(controle(avec({}))).ok).toBe(true);
  });
});
