import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controle } from '../../db/schema';
import { ouvrirConnecte } from '../../test/bureau.test-helpers';
import type { TestContext } from '../../test/test-app';
import { Appareil, verifierAccord } from './appareil.test-helpers';
import { annuler, exemplaires, grilleMarquee, nouveauControle } from './fixtures.test-helpers';

/**
 * The server commits a push but its answer never reaches the tablet (killed, network cut), and
 * the tablet may go on working before it sends again (docs/architecture.md §5): every entry once,
 * the newest one kept. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext;
let jeton: string;
beforeAll(async () => {
  ({ ctx, token: jeton } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

async function appareil() {
  const a = new Appareil(ctx.app, jeton);
  await a.tirer();
  return a;
}
const programmes = (a: Appareil) =>
  [...a.controles.values()].filter((c) => c.statut === 'PROGRAMME').map((c) => c.id);

const nouveau = (marque: string, rang: number) =>
  nouveauControle(ctx.database.db, { marque, rang, localId: `local-${500200 + rang}` });

describe('answers lost', () => {
  it('the server commits but its answer is lost: the retry is a DOUBLON with the same server id', async () => {
    const tablette = await appareil();
    const [c] = programmes(tablette);
    tablette.saisir(c!, 'perdu-edit');
    tablette.creer(await nouveau('perdu-new', 0));
    const premier = await tablette.pousser({ reponsePerdue: true });
    expect(premier.reponse?.resultats.map((r) => r.statut)).toEqual(['ACCEPTE', 'ACCEPTE']);
    const second = await tablette.pousser();
    expect(second.reponse?.resultats.map((r) => [r.statut, r.id, r.version])).toEqual(
      premier.reponse?.resultats.map((r) => ['DOUBLON', r.id, r.version]),
    );
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['perdu-edit', 'perdu-new']);
  });

  it('a creation answered nowhere, then edited: the next push applies the newer entry to the same control', async () => {
    const tablette = await appareil();
    const cree = await nouveau('creation-avant', 3);
    tablette.creer(cree);
    const premier = await tablette.pousser({ reponsePerdue: true });
    const id = premier.reponse?.resultats[0]?.id;
    expect(premier.reponse?.resultats.map((r) => r.statut)).toEqual(['ACCEPTE']);
    // The tablet never learnt the server id: it sends the creation again, with the newer entry.
    tablette.saisir(cree.localId, 'creation-apres');
    const second = await tablette.pousser({ reponsePerdue: true });
    expect(second.reponse?.resultats.map((r) => [r.statut, r.id, r.clientUuid])).toEqual([
      ['ACCEPTE', id, cree.clientUuid],
    ]);
    // That answer lost too: the same creation and entry once more is a DOUBLON.
    const troisieme = await tablette.pousser();
    expect(troisieme.reponse?.resultats.map((r) => [r.statut, r.id])).toEqual([['DOUBLON', id]]);
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['creation-apres']);
    expect(await exemplaires(ctx.database.db, 'creation-avant')).toBe(0);
  });

  it('a creation answered nowhere, cancelled by the office, then edited: CONFLIT, the entry applied and flagged', async () => {
    const tablette = await appareil();
    const cree = await nouveau('annulee-avant', 4);
    tablette.creer(cree);
    const premier = await tablette.pousser({ reponsePerdue: true });
    const id = premier.reponse?.resultats[0]?.id;
    await annuler(ctx.database.db, Number(id));
    tablette.saisir(cree.localId, 'annulee-apres');
    const second = await tablette.pousser();
    expect(second.reponse?.resultats.map((r) => [r.statut, r.id])).toEqual([['CONFLIT', id]]);
    const [ligne] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(id)));
    expect(ligne).toMatchObject({
      statut: 'ANNULE',
      conflit: true,
      grille: grilleMarquee('annulee-apres'),
    });
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['annulee-apres']);
  });
});
