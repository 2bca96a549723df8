import { describe, expect, it } from 'vitest';
import { saisirValeurExploitation } from './exploitation';
import { jugerSaisie } from './jugement';
import { saisirManquement } from './manquements';
import { entreeAop } from './saisie.test-helpers';
import { saisirPoint } from './saisie';
import type { Grille } from './schemas';

/** A grid typed through the engine, as a device following it makes one. */
function grilleSaisie(): Grille {
  const vierge: Grille = {
    groupesSysExploitation: [
      {
        id: 'g',
        libelle: 'Surfaces',
        ignore: false,
        points: [
          {
            id: 'l1',
            code: 'a1',
            libelle: 'Herbe',
            formule: null,
            valeur: null,
            unite: 'ha',
            dec: 0,
            declaratif: null,
          },
          {
            id: 'l2',
            code: 'a2',
            libelle: 'Vaches',
            formule: null,
            valeur: null,
            unite: 'VL',
            dec: 0,
            declaratif: null,
          },
          {
            id: 'l3',
            code: 'a3',
            libelle: 'Herbe par vache',
            formule: 'a1 / a2',
            valeur: null,
            unite: 'ha/VL',
            dec: 2,
            declaratif: null,
          },
        ],
      },
    ],
    categories: [
      {
        id: 'c',
        libelle: 'Alimentation',
        ordre: 1,
        aopIgps: [{ id: 'aop', libelle: 'Comté' }],
        points: [
          {
            id: '7',
            code: 'AL-01',
            ordre: 1,
            libelle: 'Température du tank',
            reference: null,
            source: 'NUMERIQUE',
            aops: [
              entreeAop(
                {},
                {
                  grave: { operateur: '>', valeur: 12 },
                  majeur: { operateur: '>', valeur: 8 },
                  mineur: { operateur: '>', valeur: 6 },
                },
              ),
            ],
          },
          {
            id: '8',
            code: 'AL-02',
            ordre: 2,
            libelle: 'Registre',
            reference: null,
            source: 'CONSTAT',
            aops: [entreeAop()],
          },
        ],
      },
    ],
    manquements: [],
  };
  let g = saisirValeurExploitation(vierge, 'a1', '27,2').grille;
  g = saisirValeurExploitation(g, 'a2', '34').grille;
  g = saisirPoint(g, { pointId: '7', aopIgpId: 'aop' }, { valeur: '9' }).grille;
  g = saisirPoint(g, { pointId: '8', aopIgpId: 'aop' }, { conformite: 'C' }).grille;
  return saisirManquement(g, 'AL-01-aop', { informationsAuditeur: 'Tank à 9 °C' });
}

const finalise = { aopIgpId: 'aop', statut: 'REALISE' as const, resultat: 'NON_CONFORME' as const };

describe('jugerSaisie', () => {
  it('finds nothing to say of a grid the engine made, draft or finalised', () => {
    const g = grilleSaisie();
    expect(g.manquements).toHaveLength(1);
    expect(jugerSaisie(g, finalise)).toEqual([]);
    expect(jugerSaisie(g, { aopIgpId: 'aop', statut: 'EN_COURS', resultat: null })).toEqual([]);
  });

  it('names a verdict that contradicts the value, and the result that follows from it', () => {
    const g = grilleSaisie();
    const point = g.categories[0]!.points[0]!;
    const entree = point.aops[0]!;
    const forgee: Grille = {
      ...g,
      categories: [
        {
          ...g.categories[0]!,
          points: [
            {
              ...point,
              aops: [{ ...entree, saisie: { ...entree.saisie, conformite: 'C', gravite: null } }],
            },
            g.categories[0]!.points[1]!,
          ],
        },
      ],
      manquements: [],
    };
    expect(jugerSaisie(forgee, { ...finalise, resultat: 'CONFORME' })).toEqual([
      'Le point AL-01 (Comté) à 9 est NC (Majeur) selon ses seuils, la tablette a envoyé C',
    ]);
  });

  it('names a CONFORME result sent with an NC point', () => {
    expect(jugerSaisie(grilleSaisie(), { ...finalise, resultat: 'CONFORME' })).toEqual([
      "Le résultat envoyé (Conforme) n'est pas celui de la grille (Non conforme)",
    ]);
  });

  it('names a severity other than the thresholds give', () => {
    const g = grilleSaisie();
    const forgee = saisirPoint(g, { pointId: '7', aopIgpId: 'aop' }, { gravite: 'GRAVE' }).grille;
    expect(jugerSaisie(forgee, finalise)[0]).toBe(
      'Le point AL-01 (Comté) à 9 est NC (Majeur) selon ses seuils, la tablette a envoyé NC (Grave)',
    );
  });

  it('names a computed line that is not what its formula gives', () => {
    const g = grilleSaisie();
    expect(g.groupesSysExploitation[0]!.points[2]!.valeur).toBe('0,80');
    const groupe = g.groupesSysExploitation[0]!;
    const forgee: Grille = {
      ...g,
      groupesSysExploitation: [
        {
          ...groupe,
          points: groupe.points.map((l) => (l.code === 'a3' ? { ...l, valeur: '1,50' } : l)),
        },
      ],
    };
    expect(jugerSaisie(forgee, finalise)).toEqual([
      'La ligne a3 vaut « 0,80 », la tablette a envoyé « 1,50 »',
    ]);
  });

  it('names an NC point without its shortcoming and a shortcoming without its NC point', () => {
    const g = grilleSaisie();
    expect(jugerSaisie({ ...g, manquements: [] }, finalise)).toContain(
      'Le point AL-01 (Comté) est NC sans manquement',
    );
    const orphelin = { ...g.manquements[0]!, key: 'AL-02-aop', pointControleCode: 'AL-02' };
    expect(jugerSaisie({ ...g, manquements: [...g.manquements, orphelin] }, finalise)).toEqual([
      'Le manquement AL-02-aop ne correspond à aucun point NC',
    ]);
  });

  it('refuses a finalised entry whose grid is incomplete', () => {
    const g = saisirPoint(
      grilleSaisie(),
      { pointId: '8', aopIgpId: 'aop' },
      { conformite: null },
    ).grille;
    expect(jugerSaisie(g, finalise)).toEqual([
      "Des éléments de la grille de saisie n'ont pas été renseignés",
    ]);
    expect(jugerSaisie(g, { ...finalise, statut: 'EN_COURS', resultat: null })).toEqual([]);
  });
});
