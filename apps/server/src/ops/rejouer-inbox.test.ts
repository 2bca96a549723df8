import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controle, syncInboxTraitement, utilisateur } from '../db/schema';
import type { TestContext } from '../test/test-app';
import { ouvrirConnecte } from '../test/bureau.test-helpers';
import { createInboxRepository } from '../modules/synchro/inbox.repository';
import { premierControle, saisie } from '../modules/synchro/synchro.test-helpers';
import { creerRejeu } from './rejeu';

let ctx: TestContext, token: string;
beforeAll(async () => {
  ({ ctx, token } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

const service = () => creerRejeu(ctx.database.db, console);

const idDe = async (login: string) => {
  const [u] = await ctx.database.db
    .select({ id: utilisateur.id })
    .from(utilisateur)
    .where(eq(utilisateur.login, login));
  if (!u) throw new Error(login);
  return u.id;
};

describe('inbox replay', () => {
  it('applies a push the process stored but never judged, then answers DOUBLON on a second replay', async () => {
    const doc = await premierControle(ctx.app, token);
    // The inbox got the request, then the process stopped: no outcome, control untouched.
    const { inboxId } = await createInboxRepository(ctx.database.db).enregistrer({
      utilisateurId: await idDe('controleur@estive.test'),
      droitId: null,
      kind: 'controle',
      appVersion: null,
      payload: { controles: [saisie(doc, 'rejouée')], newControles: [], documents: [] },
    });
    const rejeu = service();
    expect(await rejeu.controlesEnAttente()).toContain(inboxId);

    const premiere = await rejeu.rejouer(inboxId);
    expect(premiere).toMatchObject({
      statut: 'REJOUE',
      reponse: { resultats: [{ id: doc.id, statut: 'ACCEPTE', version: doc.version! + 1 }] },
    });
    const [ligne] = await ctx.database.db
      .select({ statut: controle.statut, version: controle.version })
      .from(controle)
      .where(eq(controle.id, Number(doc.id)));
    expect(ligne).toEqual({ statut: 'REALISE', version: doc.version! + 1 });
    expect(await rejeu.controlesEnAttente()).not.toContain(inboxId);

    const seconde = await rejeu.rejouer(inboxId);
    expect(seconde).toMatchObject({
      statut: 'REJOUE',
      reponse: { resultats: [{ id: doc.id, statut: 'DOUBLON' }] },
    });
    const traitements = await ctx.database.db
      .select()
      .from(syncInboxTraitement)
      .where(eq(syncInboxTraitement.inboxId, inboxId));
    expect(traitements).toHaveLength(2);
  });

  it('judges under the sender’s rights of today: another controller’s entry is REJETE', async () => {
    const doc = await premierControle(ctx.app, token);
    const { inboxId } = await createInboxRepository(ctx.database.db).enregistrer({
      utilisateurId: await idDe('controleur2@estive.test'),
      droitId: null,
      kind: 'controle',
      appVersion: null,
      payload: { controles: [saisie(doc, 'pas à lui')], newControles: [], documents: [] },
    });
    expect(await service().rejouer(inboxId)).toMatchObject({
      statut: 'REJOUE',
      reponse: { resultats: [{ localId: doc.id, statut: 'REJETE' }] },
    });
    const [ligne] = await ctx.database.db
      .select({ version: controle.version })
      .from(controle)
      .where(eq(controle.id, Number(doc.id)));
    expect(ligne?.version).toBe(doc.version);
  });

  it('reads back a data part jsonb could not hold (base64 of its text), and judges it', async () => {
    const doc = await premierControle(ctx.app, token);
    const entree = saisie(doc, 'texte avec \u0000 dedans');
    const { inboxId } = await createInboxRepository(ctx.database.db).enregistrer({
      utilisateurId: await idDe('controleur@estive.test'),
      droitId: null,
      kind: 'controle',
      appVersion: null,
      payload: { controles: [entree], newControles: [], documents: [] },
    });
    const issue = await service().rejouer(inboxId);
    expect(issue.statut).toBe('REJOUE');
    if (issue.statut === 'REJOUE') expect(issue.reponse.resultats[0]?.localId).toBe(doc.id);
  });

  it('leaves alone what it cannot replay: unknown id, another kind, a disabled sender, unreadable data', async () => {
    const inbox = createInboxRepository(ctx.database.db);
    const rejeu = service();
    expect(await rejeu.rejouer(999_999_999)).toMatchObject({ statut: 'IGNORE' });
    const moi = await idDe('controleur@estive.test');
    const journaux = await inbox.enregistrer({
      utilisateurId: moi,
      droitId: null,
      kind: 'frontlogs',
      appVersion: null,
      payload: { logs: [] },
    });
    expect(await rejeu.rejouer(journaux.inboxId)).toMatchObject({ statut: 'IGNORE' });
    const illisible = await inbox.enregistrer({
      utilisateurId: moi,
      droitId: null,
      kind: 'controle',
      appVersion: null,
      // As the push stores an unreadable data part: the text itself, kept whole.
      payload: { brut: '{"controles": [\u0000' },
      brut: '{"controles": [\u0000',
    });
    expect(await rejeu.rejouer(illisible.inboxId)).toMatchObject({
      statut: 'IGNORE',
      motif: 'La partie data de la requête est invalide',
    });
    const autre = await idDe('controleur2@estive.test');
    await ctx.database.db
      .update(utilisateur)
      .set({ actif: false })
      .where(eq(utilisateur.id, autre));
    const desactive = await inbox.enregistrer({
      utilisateurId: autre,
      droitId: null,
      kind: 'controle',
      appVersion: null,
      payload: { controles: [], newControles: [], documents: [] },
    });
    expect(await rejeu.rejouer(desactive.inboxId)).toMatchObject({
      statut: 'IGNORE',
      motif: 'utilisateur absent ou désactivé',
    });
  });
});
