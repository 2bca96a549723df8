import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { ouvrirConnecte } from '../../test/bureau.test-helpers';
import {
  grilleAvecNc,
  grilleMarquee,
  ligneControle,
  marqueDe,
  pointsDuLabel,
} from './fixtures.test-helpers';
import { pousser, premierControle, saisie, type DocTire } from './synchro.test-helpers';

let ctx: TestContext, token: string;
beforeAll(async () => {
  ({ ctx, token } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

describe('POST /api/synchro/controle, the grid', () => {
  it('checks the pushed grid with the domain schema: a bad conformity is REJETE, in French', async () => {
    const doc = await premierControle(ctx.app, token);
    const entree = saisie(doc, 'grille-invalide');
    const grille = {
      ...grilleMarquee('grille-invalide'),
      categories: [
        {
          id: '1',
          libelle: 'Troupeau',
          ordre: 1,
          points: [
            {
              id: '1',
              code: 'TL-01',
              ordre: 1,
              libelle: 'Pâturage',
              source: 'NUMERIQUE',
              aops: [
                { aopIgpId: '1', aopIgpLibelle: 'Comté', saisie: { conformite: 'PEUT-ETRE' } },
              ],
            },
          ],
        },
      ],
    };
    const { body } = await pousser(ctx.app, token, { controles: [{ ...entree, grille }] });
    expect(body!.resultats[0]!.statut).toBe('REJETE');
    expect(body!.resultats[0]!.message).toBe(
      'grille.categories.0.points.0.aops.0.saisie.conformite : Option invalide : une valeur parmi "C"|"NC"|"SO"|"NO" attendue',
    );
  });

  /** A grid with one NC point of the control's label whose corrective measure is `mesure`. */
  const avecPlan = async (doc: DocTire, marque: string, mesure: Record<string, string>) => {
    const aop = doc.aopIgp as { id: string; libelle: string };
    const [point] = await pointsDuLabel(ctx.database.db, aop.id, 1);
    return grilleAvecNc(marque, [
      { ...point!, aop, valeur: '19', mesure: { date: '15/06/2026', ...mesure } },
    ]);
  };
  const ligne = (id: string) => ligneControle(ctx.database.db, id);

  it.each([
    [
      { delai: '-2 mois' },
      'grille.manquements.0.saisie.correctives.delai',
      'Le délai ne peut pas être négatif',
    ],
    [
      { date: '31/02/2026' },
      'grille.manquements.0.saisie.correctives.date',
      'Utilisez une date valide (jj/mm/aaaa)',
    ],
  ])(
    'refuses a finalised control whose progress plan holds %j: REJETE at the field, row unchanged',
    async (mesure, champ, message) => {
      const doc = await premierControle(ctx.app, token);
      const avant = await ligne(doc.id);
      const entree = saisie(doc, 'plan-invalide', {
        resultat: 'NON_CONFORME',
        grille: await avecPlan(doc, 'plan-invalide', mesure),
      });
      const { body } = await pousser(ctx.app, token, { controles: [entree] });
      expect(body!.resultats[0]).toMatchObject({
        statut: 'REJETE',
        champ,
        message: `${champ} : ${message}`,
      });
      const apres = await ligne(doc.id);
      expect(apres).toEqual(avant);
      expect(apres!.statut).not.toBe('REALISE');
    },
  );

  it('takes the same plan on a draft (EN_COURS), and the corrected plan once finalised', async () => {
    const doc = await premierControle(ctx.app, token);
    const brouillon = saisie(doc, 'plan-brouillon', {
      statut: 'EN_COURS',
      resultat: null,
      etapeSaisie: 3,
      grille: await avecPlan(doc, 'plan-brouillon', { delai: '-2 mois' }),
    });
    const r1 = await pousser(ctx.app, token, { controles: [brouillon] });
    expect(r1.body!.resultats[0]!.statut).toBe('ACCEPTE');
    const corrige = saisie(doc, 'plan-corrige', {
      baseVersion: r1.body!.resultats[0]!.version,
      resultat: 'NON_CONFORME',
      grille: await avecPlan(doc, 'plan-corrige', {}),
    });
    const r2 = await pousser(ctx.app, token, { controles: [corrige] });
    expect(r2.body!.resultats[0]!.statut).toBe('ACCEPTE');
    const apres = await ligne(doc.id);
    expect(apres!.statut).toBe('REALISE');
    expect(marqueDe(apres!.grille)).toBe('plan-corrige');
  });
});
