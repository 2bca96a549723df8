import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controle, droit, syncInboxTraitement, utilisateur } from '../../db/schema';
import type { TestContext } from '../../test/test-app';
import { ouvrirConnecte } from '../../test/bureau.test-helpers';
import { creerRejeu } from '../../ops/rejeu';
import { nouveauControle } from './fixtures.test-helpers';
import { createInboxRepository } from './inbox.repository';
import { demarrerRepriseInbox } from './inbox-reprise.job';

let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

const silencieux = { info: () => undefined, error: () => undefined };

/** A node's resume job, its timers stopped: the test runs its passes. */
function noeud() {
  const rejeu = creerRejeu(ctx.database.db, silencieux);
  const job = demarrerRepriseInbox(
    createInboxRepository(ctx.database.db),
    (id) => rejeu.rejouer(id),
    silencieux,
    3_600_000,
  );
  job.arreter();
  return job;
}

describe('stored pushes resumed by the server itself (issue 28 item 2)', () => {
  it('judges every push the process stored and never judged, once, even with two nodes at it', async () => {
    const db = ctx.database.db;
    const [u] = await db
      .select({ id: utilisateur.id })
      .from(utilisateur)
      .where(eq(utilisateur.login, 'controleur@estive.test'));
    // The controller's right on the ODG of the fixtures' operators, as his device sent it.
    const [d] = await db
      .select({ id: droit.id })
      .from(droit)
      .where(and(eq(droit.utilisateurId, u!.id), eq(droit.organismeId, 1)));
    const inbox = createInboxRepository(db);
    // Stored, then the process died: three pushes of new controls, none judged.
    const envois = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const c = await nouveauControle(db, {
          marque: `reprise-${String(i)}`,
          rang: i,
          localId: `local-${String(700_000 + i)}`,
        });
        const { inboxId } = await inbox.enregistrer({
          utilisateurId: u!.id,
          droitId: d!.id,
          kind: 'controle',
          appVersion: null,
          payload: { newControles: [c], controles: [], documents: [] },
        });
        return { inboxId, clientUuid: c.clientUuid };
      }),
    );
    const ids = envois.map((e) => e.inboxId);
    // A push younger than the minimal age is the live request's: left to it.
    expect(await noeud().passe(60_000)).toBe(0);

    const [a, b] = await Promise.all([noeud().passe(0), noeud().passe(0)]);
    expect(a + b).toBe(3);
    const traitements = await db
      .select({ inboxId: syncInboxTraitement.inboxId })
      .from(syncInboxTraitement)
      .where(inArray(syncInboxTraitement.inboxId, ids));
    expect(traitements.map((t) => t.inboxId).sort()).toEqual([...ids].sort());
    const crees = await db
      .select({ id: controle.id })
      .from(controle)
      .where(
        inArray(
          controle.clientUuid,
          envois.map((e) => e.clientUuid),
        ),
      );
    expect(crees).toHaveLength(3);
    expect(await noeud().passe(0)).toBe(0);
  });
});
