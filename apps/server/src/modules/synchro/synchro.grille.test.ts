import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../test/test-app';
import { grilleMarquee } from './fixtures.test-helpers';
import { pousser, premierControle, saisie } from './synchro.test-helpers';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
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
    expect(body!.resultats[0].statut).toBe('REJETE');
    expect(body!.resultats[0].message).toBe(
      'grille.categories.0.points.0.aops.0.saisie.conformite : Option invalide : une valeur parmi "C"|"NC"|"SO"|"NO" attendue',
    );
  });
});
