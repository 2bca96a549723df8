import { describe, expect, it } from 'vitest';
import type { Matrice } from '@estive/contracts';
import { toutTirer } from '../synchro/synchro.test-helpers';
import {
  animateur,
  appel,
  cnaol,
  controleur,
  ctx,
  droitAuvergne,
  droitCnaolAuvergne,
  droitComte,
  suiteParametrage,
} from './parametrage.test-helpers';

suiteParametrage();

const URL = '/api/categorie-activite/matrice';

describe('category × activity matrix (/api/categorie-activite/matrice)', () => {
  it("sets the active ODG's matrix; devices get the new links and tombstones at their next sync", async () => {
    const avant = (await appel('GET', URL, animateur, droitComte)).json<Matrice>();
    expect(avant.categories.length).toBeGreaterThan(0);
    expect(avant.activites.length).toBeGreaterThan(0);
    const [c0, c1] = avant.categories;
    const [a0] = avant.activites;
    if (!c0 || !c1 || !a0) throw new Error('matrice vide');
    const depart = await toutTirer(ctx.app, controleur, 'categorie-activite');
    const voulus = [
      { categorieId: c0.id, activiteId: a0.id },
      { categorieId: c1.id, activiteId: a0.id },
    ];
    const res = await appel('PUT', URL, animateur, droitComte, { liens: voulus });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Matrice>().liens).toEqual(
      [...voulus].sort((x, y) => x.categorieId.localeCompare(y.categorieId)),
    );
    // Back to one link: the other is a tombstone; restoring it revives the same row.
    await appel('PUT', URL, animateur, droitComte, { liens: [voulus[0]] });
    const apres = await toutTirer(ctx.app, controleur, 'categorie-activite', depart.checkpoint);
    expect(apres.documents.length).toBeGreaterThan(0);
    const relu = (await appel('GET', URL, cnaol, droitComte)).json<Matrice>();
    expect(relu.liens).toEqual([voulus[0]]);
    // Auvergne's matrix is its own.
    const auvergne = (await appel('GET', URL, cnaol, droitCnaolAuvergne)).json<Matrice>();
    expect(auvergne.liens).not.toEqual(relu.liens);
  });

  it('refuses an activity no label of the ODG offers, field by field, in French', async () => {
    const { categories } = (await appel('GET', URL, animateur, droitComte)).json<Matrice>();
    const res = await appel('PUT', URL, animateur, droitComte, {
      liens: [{ categorieId: categories[0]?.id ?? '1', activiteId: '999999' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      {
        field: 'liens[0].activiteId',
        defaultMessage: "Cette activité n'est proposée par aucune AOP-IGP de l'ODG",
      },
    ]);
  });

  it('is the settings: refused to a controller and to an animator under an ODG_REFERENTE right', async () => {
    expect((await appel('GET', URL, controleur)).statusCode).toBe(403);
    expect((await appel('PUT', URL, animateur, droitAuvergne, { liens: [] })).statusCode).toBe(403);
  });
});
