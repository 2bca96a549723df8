import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflitDetail, ConflitLigne } from '@estive/contracts';
import { journalAction } from '../../db/schema';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';
import { Appareil, verifierAccord } from '../synchro/appareil.test-helpers';
import { annuler, grilleMarquee, ligneControle, marqueDe } from '../synchro/fixtures.test-helpers';

/**
 * Sync conflicts for the office (issue 18 item 7): the animateur lists them on his ODG only, sees
 * both versions, keeps one; the controller's device then loses its conflict mark at its next
 * sync (the device model of the sync suite, against the real routes). PGlite and PostgreSQL.
 */
let ctx: TestContext, animateur: string, controleur: string, cnaol: string, droits: string[];
beforeAll(async () => {
  ({ ctx, animateur, controleur, cnaol, droits } = await ouvrirBureau());
});
afterAll(() => ctx.close());

const get = (url: string, token = animateur, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(token, droit) });
const resoudre = (id: string, body: unknown, token = animateur, droit?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/tdb/conflit/${id}/resolution`,
    headers: bearer(token, droit),
    payload: body as object,
  });
const ligne = (id: string) => ligneControle(ctx.database.db, id);
async function tablette() {
  const a = new Appareil(ctx.app, controleur);
  await a.tirer();
  return a;
}
const programmes = (a: Appareil) =>
  [...a.controles.values()].filter((c) => c.statut === 'PROGRAMME').map((c) => c.id);
async function conflitDe(controleId: string) {
  const page = (await get('/api/tdb/conflit?size=2000')).json<{ content: ConflitLigne[] }>();
  const c = page.content.find((l) => l.controleId === controleId);
  if (!c) throw new Error(`pas de conflit pour ${controleId}`);
  return c;
}

describe('sync conflicts for the office', () => {
  it('an applied entry met a cancellation: both versions, keep the device, the card clears', async () => {
    const t = await tablette();
    const [id] = programmes(t);
    if (!id) throw new Error('aucun contrôle programmé');
    await annuler(ctx.database.db, Number(id));
    t.saisir(id, 'terrain-annule');
    const { reponse } = await t.pousser();
    expect(reponse?.resultats[0]?.statut).toBe('CONFLIT');
    expect(t.controles.get(id)?.conflit).toBe(true);

    const c = await conflitDe(id);
    expect(c).toMatchObject({ motif: 'ANNULE', resoluLe: null });
    expect(c.controleur).toBeTruthy();
    const detail = (await get(`/api/tdb/conflit/${c.id}`)).json<ConflitDetail>();
    expect(detail.bureau).toMatchObject({
      statut: 'ANNULE',
      raisonAbandon: 'Annulé par le bureau',
    });
    expect(detail.appareil).toMatchObject({ statut: 'REALISE', resultat: 'CONFORME' });
    expect(marqueDe(detail.appareil.grille)).toBe('terrain-annule');

    const res = await resoudre(c.id, { garde: 'APPAREIL' });
    expect(res.statusCode).toBe(200);
    const resolu = res.json<ConflitDetail>();
    expect(resolu.resoluLe).toBeTruthy();
    expect(resolu.resolution).toMatchObject({ garde: 'APPAREIL' });
    expect(await ligne(id)).toMatchObject({
      statut: 'REALISE',
      conflit: false,
      grille: grilleMarquee('terrain-annule'),
    });
    const journal = await ctx.database.db
      .select()
      .from(journalAction)
      .where(
        and(eq(journalAction.entite, 'controle_conflit'), eq(journalAction.entiteId, Number(c.id))),
      );
    expect(journal.map((j) => [j.action, j.details])).toEqual([
      ['RESOLUTION_CONFLIT', { controleId: id, motif: 'ANNULE', garde: 'APPAREIL' }],
    ]);
    // Closed: out of the open list, in the resolved one; a second choice changes nothing.
    expect(
      (await get('/api/tdb/conflit?size=2000'))
        .json<{ content: ConflitLigne[] }>()
        .content.map((l) => l.id),
    ).not.toContain(c.id);
    expect(
      (await get('/api/tdb/conflit?resolu=true&size=2000'))
        .json<{ content: ConflitLigne[] }>()
        .content.map((l) => l.id),
    ).toContain(c.id);
    expect(
      (await resoudre(c.id, { garde: 'BUREAU' })).json<ConflitDetail>().resolution?.garde,
    ).toBe('APPAREIL');
    expect((await ligne(id))!.statut).toBe('REALISE');

    // The controller's next sync: the feed carries the change, the card loses its mark.
    await t.tirer();
    expect(t.controles.get(id)).toMatchObject({ conflit: false, statut: 'REALISE' });
    await verifierAccord(ctx.app, ctx.database.db, t, ['terrain-annule']);
  });

  it('keeping the office restores its version of an applied entry', async () => {
    const t = await tablette();
    const [id] = programmes(t);
    if (!id) throw new Error('aucun contrôle programmé');
    await annuler(ctx.database.db, Number(id));
    t.saisir(id, 'terrain-ecarte');
    expect((await t.pousser()).reponse?.resultats[0]?.statut).toBe('CONFLIT');
    const c = await conflitDe(id);
    expect((await resoudre(c.id, { garde: 'BUREAU' })).statusCode).toBe(200);
    const apres = await ligne(id);
    expect(apres).toMatchObject({
      statut: 'ANNULE',
      conflit: false,
      raisonAbandon: 'Annulé par le bureau',
    });
    expect(marqueDe(apres!.grille)).not.toBe('terrain-ecarte');
    await t.tirer();
    expect(t.controles.get(id)).toMatchObject({ conflit: false, statut: 'ANNULE' });
  });

  it('a refused entry on a signed control: kept in the inbox until the office keeps its version, then DOUBLON', async () => {
    const t = await tablette();
    const [id] = programmes(t);
    if (!id) throw new Error('aucun contrôle programmé');
    t.saisir(id, 'signe-bureau');
    expect((await t.pousser()).reponse?.resultats[0]?.statut).toBe('ACCEPTE');
    t.saisir(id, 'rouvert', { statut: 'EN_COURS', etapeSaisie: 2, resultat: null });
    expect((await t.pousser()).reponse?.resultats[0]?.statut).toBe('REJETE');
    expect(t.controles.get(id)?.sync).toBe(false);
    const avant = await ligne(id);

    const c = await conflitDe(id);
    expect(c.motif).toBe('FINALISE');
    const detail = (await get(`/api/tdb/conflit/${c.id}`)).json<ConflitDetail>();
    expect(marqueDe(detail.bureau.grille)).toBe('signe-bureau');
    expect(detail.bureau.statut).toBe('REALISE');
    expect(detail.appareil).toMatchObject({ statut: 'EN_COURS', etapeSaisie: 2 });
    expect(marqueDe(detail.appareil.grille)).toBe('rouvert');
    // Still open: the device's next sync is refused again.
    expect((await t.pousser()).reponse?.resultats[0]?.statut).toBe('REJETE');

    expect((await resoudre(c.id, { garde: 'BUREAU' })).statusCode).toBe(200);
    const apres = await ligne(id);
    expect({ ...apres, version: 0, changeXid: 0, updatedAt: 0 }).toEqual({
      ...avant,
      version: 0,
      changeXid: 0,
      updatedAt: 0,
    });
    // Settled: the device's next sync is answered DOUBLON and takes the office's version.
    expect((await t.pousser()).reponse?.resultats[0]?.statut).toBe('DOUBLON');
    await t.tirer();
    await t.reverifier();
    expect(t.controles.get(id)).toMatchObject({ sync: true, conflit: false, statut: 'REALISE' });
    expect(marqueDe(t.controles.get(id)?.grille)).toBe('signe-bureau');
    await verifierAccord(ctx.app, ctx.database.db, t, ['signe-bureau']);
  });

  it('CNAOL and ANIMATEUR only, on the active right’s ODG only; bad input refused', async () => {
    const t = await tablette();
    const [id] = programmes(t);
    if (!id) throw new Error('aucun contrôle programmé');
    await annuler(ctx.database.db, Number(id));
    t.saisir(id, 'perimetre');
    await t.pousser();
    const c = await conflitDe(id);

    // A controller: 403 on every route, nothing changed.
    expect((await get('/api/tdb/conflit', controleur)).statusCode).toBe(403);
    expect((await get(`/api/tdb/conflit/${c.id}`, controleur)).statusCode).toBe(403);
    expect((await resoudre(c.id, { garde: 'APPAREIL' }, controleur)).statusCode).toBe(403);
    // The animateur under his other right (another ODG): not listed, 404, not resolvable.
    const ailleurs = droits[1];
    if (!ailleurs) throw new Error('second droit absent');
    const page = (await get('/api/tdb/conflit?size=2000', animateur, ailleurs)).json<{
      content: ConflitLigne[];
    }>();
    expect(page.content.map((l) => l.id)).not.toContain(c.id);
    expect((await get(`/api/tdb/conflit/${c.id}`, animateur, ailleurs)).statusCode).toBe(404);
    expect((await resoudre(c.id, { garde: 'APPAREIL' }, animateur, ailleurs)).statusCode).toBe(404);
    // CNAOL of the ODG sees it.
    expect((await get(`/api/tdb/conflit/${c.id}`, cnaol)).statusCode).toBe(200);
    // Bad input.
    for (const body of [{}, { garde: 'LES_DEUX' }, { garde: '\u0000' }, { garde: 1 }, []])
      expect((await resoudre(c.id, body)).statusCode).toBe(400);
    expect((await resoudre('abc', { garde: 'BUREAU' })).statusCode).toBe(400);
    expect((await resoudre('99999999999', { garde: 'BUREAU' })).statusCode).toBe(404);
    expect((await get('/api/tdb/conflit?resolu=peut-etre')).statusCode).toBe(400);
    expect((await get('/api/tdb/conflit?size=5000')).statusCode).toBe(400);
    expect((await ligne(id))!.conflit).toBe(true);
  });
});
