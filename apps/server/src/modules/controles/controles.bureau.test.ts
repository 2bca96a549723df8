import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionBureauResponse } from '@estive/contracts';
import { controle, controleConflit, syncTombstone } from '../../db/schema';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';
import { grilleMarquee, utilisateurId } from '../synchro/fixtures.test-helpers';
import { pousser, saisie, tirer, toutTirer, type DocTire } from '../synchro/synchro.test-helpers';

/**
 * Office actions on a control (cancel, change of controller): ANIMATEUR or CNAOL, in the active
 * right's ODG only; they bump the version like any write, and the controller who loses a control
 * gets its tombstone. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext;
let animateur: string;
let controleur: string;
let moi: number;
let collegue: number;
let auvergne: number;
beforeAll(async () => {
  ctx = await createTestApp();
  animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  moi = await utilisateurId(ctx.database.db, 'controleur@estive.test');
  collegue = await utilisateurId(ctx.database.db, 'controleur2@estive.test');
  auvergne = await utilisateurId(ctx.database.db, 'controleur.auvergne@estive.test');
});
afterAll(() => ctx.close());

const action = (jeton: string, chemin: string, payload: object, droit?: string) =>
  ctx.app.inject({ method: 'POST', url: chemin, headers: bearer(jeton, droit), payload });

async function ligne(id: string) {
  const [r] = await ctx.database.db
    .select()
    .from(controle)
    .where(eq(controle.id, Number(id)));
  return r;
}

/** The controller's PROGRAMME controls, as his device pulled them. */
async function programmes(): Promise<DocTire[]> {
  const { documents } = await toutTirer(ctx.app, controleur, 'controle', undefined, 10);
  return documents.filter((d) => !d._deleted && d.statut === 'PROGRAMME');
}

/** The animateur's rights: Comté first (his default perimeter), then Auvergne. */
async function droitsAnimateur(): Promise<string[]> {
  const res = await ctx.app.inject({ url: '/api/principal', headers: bearer(animateur) });
  return res.json<{ droits: { id: string }[] }>().droits.map((d) => d.id);
}

describe('office actions on a control', () => {
  it('cancels a control of its perimeter with a reason: version bumped, pulled by the device', async () => {
    const [c] = await programmes();
    const depart = (await toutTirer(ctx.app, controleur, 'controle', undefined, 10)).checkpoint;
    const res = await action(animateur, `/api/controles/${c!.id}/annulation`, {
      raison: 'Exploitation fermée',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ActionBureauResponse>()).toEqual({
      id: c!.id,
      version: c!.version! + 1,
      statut: 'ANNULE',
      controleurId: String(moi),
      raisonAbandon: 'Exploitation fermée',
    });
    // The device's next pull (from its checkpoint) brings the cancellation.
    const lot = await tirer(ctx.app, controleur, 'controle', { checkpoint: depart, batchSize: 10 });
    expect(lot.documents).toContainEqual(
      expect.objectContaining({ id: c!.id, statut: 'ANNULE', version: c!.version! + 1 }),
    );
    // Once cancelled, again is harmless (same answer, no new version).
    const encore = await action(animateur, `/api/controles/${c!.id}/annulation`, { raison: 'x' });
    expect(encore.json<ActionBureauResponse>()).toMatchObject({
      version: c!.version! + 1,
      raisonAbandon: 'Exploitation fermée',
    });
  });

  it('gives a control to another controller: the previous one gets its tombstone, the new one the row', async () => {
    const [, c] = await programmes();
    const depart = (await toutTirer(ctx.app, controleur, 'controle', undefined, 10)).checkpoint;
    const res = await action(animateur, `/api/controles/${c!.id}/controleur`, {
      controleurId: String(collegue),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ActionBureauResponse>()).toMatchObject({
      id: c!.id,
      version: c!.version! + 1,
      controleurId: String(collegue),
    });
    const tombes = await ctx.database.db
      .select()
      .from(syncTombstone)
      .where(and(eq(syncTombstone.entity, 'controle'), eq(syncTombstone.entityId, Number(c!.id))));
    expect(tombes.map((t) => t.utilisateurId)).toEqual([moi]);
    const lot = await tirer(ctx.app, controleur, 'controle', { checkpoint: depart, batchSize: 10 });
    expect(lot.documents).toContainEqual({ id: c!.id, _deleted: true });
    const sien = (await login(ctx.app, 'controleur2@estive.test')).accessToken;
    const chezLui = await toutTirer(ctx.app, sien, 'controle', undefined, 10);
    expect(chezLui.documents.map((d) => d.id)).toContain(c!.id);
  });

  it('the controller who filled it offline meanwhile: cancelled → CONFLIT (applied), reassigned → REJETE (kept for the office)', async () => {
    const [annule, repris] = await programmes();
    expect(
      (await action(animateur, `/api/controles/${annule!.id}/annulation`, { raison: 'Bureau' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await action(animateur, `/api/controles/${repris!.id}/controleur`, {
          controleurId: String(collegue),
        })
      ).statusCode,
    ).toBe(200);
    const avant = await ligne(repris!.id);
    const { body } = await pousser(ctx.app, controleur, {
      controles: [saisie(annule!, 'bureau-annule'), saisie(repris!, 'bureau-repris')],
    });
    expect(body?.resultats.map((r) => [r.id, r.statut])).toEqual([
      [annule!.id, 'CONFLIT'],
      [repris!.id, 'REJETE'],
    ]);
    expect(body?.toRemove).toEqual([]);
    expect(await ligne(annule!.id)).toMatchObject({
      statut: 'ANNULE',
      raisonAbandon: 'Bureau',
      conflit: true,
      grille: grilleMarquee('bureau-annule'),
    });
    expect(await ligne(repris!.id)).toEqual(avant);
    expect(avant).toMatchObject({ controleurId: collegue });
    const conflits = await ctx.database.db.select().from(controleConflit);
    expect(
      conflits
        .filter((c) => [annule!.id, repris!.id].includes(String(c.controleId)))
        .map((c) => c.motif)
        .sort(),
    ).toEqual(['ANNULE', 'REAFFECTE']);
  });

  it('refuses controllers, foreign perimeters, unknown controls and controllers outside the ODG', async () => {
    const [c] = await programmes();
    const [comte, auvergneDroit] = await droitsAnimateur();
    const chemin = `/api/controles/${c!.id}/annulation`;
    expect((await action(controleur, chemin, { raison: 'Non' })).statusCode).toBe(403);
    // The same animateur, working for his other ODG: the Comté control is not there.
    expect((await action(animateur, chemin, { raison: 'Non' }, auvergneDroit)).statusCode).toBe(
      404,
    );
    expect(
      (await action(animateur, '/api/controles/99999999/annulation', { raison: 'Non' })).statusCode,
    ).toBe(404);
    const vide = await action(animateur, chemin, { raison: '  ' }, comte);
    expect(vide.statusCode).toBe(400);
    const etranger = await action(animateur, `/api/controles/${c!.id}/controleur`, {
      controleurId: String(auvergne),
    });
    expect(etranger.statusCode).toBe(400);
    expect(etranger.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'controleurId', defaultMessage: "Ce contrôleur n'est pas dans votre périmètre" },
    ]);
    expect(await ligne(c!.id)).toMatchObject({ statut: 'PROGRAMME', controleurId: moi });
    expect(
      (await ctx.app.inject({ method: 'POST', url: chemin, payload: { raison: 'Non' } }))
        .statusCode,
    ).toBe(401);
  });

  it('CNAOL acts on any perimeter it selects; a completed control is not cancelled', async () => {
    const cnaol = (await login(ctx.app, 'cnaol@estive.test')).accessToken;
    const [c] = await programmes();
    const principal = await ctx.app.inject({ url: '/api/principal', headers: bearer(cnaol) });
    const droits = principal.json<{ droits: { id: string; raisonSociale: string }[] }>().droits;
    const comte = droits.find((d) => /comt/i.test(d.raisonSociale));
    expect(comte).toBeDefined();
    const dansComte = await action(
      cnaol,
      `/api/controles/${c!.id}/controleur`,
      { controleurId: String(collegue) },
      comte!.id,
    );
    expect(dansComte.statusCode).toBe(200);
    expect(await ligne(c!.id)).toMatchObject({ controleurId: collegue });
    const [realise] = await ctx.database.db
      .select()
      .from(controle)
      .where(and(eq(controle.statut, 'REALISE'), eq(controle.odgId, (await ligne(c!.id))!.odgId)))
      .limit(1);
    const refus = await action(
      cnaol,
      `/api/controles/${realise!.id}/annulation`,
      { raison: 'Trop tard' },
      comte!.id,
    );
    expect(refus.statusCode).toBe(409);
  });
});
