import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
import {
  controle,
  controleConflit,
  fichier,
  syncInbox,
  syncInboxTraitement,
} from '../../db/schema';
import { sha256Hex } from '../../lib/hash';
import { TAILLE_MAX_FICHIER } from '../../lib/limits';
import { bearer } from '../../test/test-app';
import { marqueDe, nouveauControle } from './fixtures.test-helpers';
import { createInboxRepository } from './inbox.repository';
import { createPushControleService } from './push-controle.service';
import { pousser, premierControle, saisie, tirer, toutTirer } from './synchro.test-helpers';
import {
  ctx,
  nbInbox,
  suiteDeuxControleurs,
  token,
  tokenAutre,
} from './deux-controleurs.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

suiteDeuxControleurs();

const nouveau = (marque: string, rang = 0) =>
  nouveauControle(ctx.database.db, {
    marque,
    rang,
    localId: `local-${500000 + rang}`,
    etapeSaisie: 1,
  });

describe('POST /api/synchro/controle', () => {
  it('applies an edited control (ACCEPTE), then recognises the same entry (DOUBLON)', async () => {
    const doc = await premierControle(ctx.app, token);
    const entree = saisie(doc, 'edit-1');
    const { body } = await pousser(ctx.app, token, { controles: [entree] });
    expect(body?.resultats).toEqual([
      { localId: doc.id, id: doc.id, version: doc.version! + 1, statut: 'ACCEPTE' },
    ]);
    expect(body?.toRemove).toEqual([]);
    const again = await pousser(ctx.app, token, { controles: [entree] });
    expect(again.body?.resultats[0]).toMatchObject({
      statut: 'DOUBLON',
      id: doc.id,
      version: doc.version! + 1,
    });
    const [row] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(doc.id)));
    expect(row).toMatchObject({
      statut: 'REALISE',
      resultat: 'CONFORME',
      etapeSaisie: 4,
      conflit: false,
    });
    expect(marqueDe(row!.grille)).toBe('edit-1');
  });

  it('creates an offline control once, by its clientUuid, and tells the device to drop the local id', async () => {
    const entree = await nouveau('nouveau-1');
    const { body } = await pousser(ctx.app, token, { newControles: [entree] });
    const r = body!.resultats[0];
    expect(r).toMatchObject({
      localId: 'local-500000',
      clientUuid: entree.clientUuid,
      statut: 'ACCEPTE',
      version: 1,
    });
    expect(r!.id).toMatch(/^\d+$/);
    expect(body!.toRemove).toEqual(['local-500000']);
    const again = await pousser(ctx.app, token, { newControles: [entree] });
    expect(again.body!.resultats[0]).toMatchObject({ statut: 'DOUBLON', id: r!.id, version: 1 });
    const rows = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.clientUuid, entree.clientUuid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ niveau: 'INIT_CIBLE_INO', odgId: 1, statut: 'EN_COURS' });
  });

  it('refuses, in French, what is invalid or out of scope, and still applies the rest', async () => {
    const doc = await premierControle(ctx.app, token);
    const horsPerimetre = { ...(await nouveau('hors')), aopIgp: { id: '999' } };
    const sansDate = { ...(await nouveau('sans-date', 1)), date: 'hier' };
    const autre = await premierControle(ctx.app, tokenAutre);
    const { body } = await pousser(ctx.app, token, {
      newControles: [horsPerimetre, sansDate],
      controles: [saisie(doc, 'ok-2'), saisie(autre, 'vol')],
    });
    expect(body!.resultats.map((r) => [r.statut, r.message])).toEqual([
      ['REJETE', "Cette AOP-IGP n'est pas dans votre périmètre"],
      ['REJETE', 'date : Date du contrôle invalide'],
      ['ACCEPTE', undefined],
      ['REJETE', 'Ce contrôle ne vous est pas attribué'],
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(autre.id)));
    expect(row!.grille).toBeNull();
  });

  it('keeps the raw request in the inbox before applying, and the outcome beside it', async () => {
    const avant = await nbInbox();
    const doc = await premierControle(ctx.app, token);
    const { body } = await pousser(ctx.app, token, {
      controles: [{ ...saisie(doc, 'inbox'), etapeSaisie: 9 }],
    });
    expect(body!.resultats[0]!.statut).toBe('REJETE');
    expect(await nbInbox()).toBe(avant + 1);
    const dernier = await premiereLigne(
      ctx.database.db,
      sql`select i.payload, t.resultats from sync_inbox i join sync_inbox_traitement t on t.inbox_id = i.id
           order by i.id desc limit 1`,
      z.object({
        payload: z.object({ controles: z.array(z.object({ etapeSaisie: colonne.entier })) }),
        resultats: colonne.json,
      }),
    );
    expect(dernier!.payload.controles[0]!.etapeSaisie).toBe(9);
    expect(dernier!.resultats).toMatchObject({ resultats: [{ statut: 'REJETE' }] });
    // Append-only: the inbox refuses to be rewritten.
    await expect(ctx.database.db.update(syncInbox).set({ kind: 'morale' })).rejects.toThrow();
  });

  it('stores the audit report with the control, checks its sha256, and serves it in the feed', async () => {
    const doc = await premierControle(ctx.app, token);
    const aop = (doc.aopIgp as { id: string }).id;
    const pdf = pdfSimple(['rapport signé']);
    const { body } = await pousser(ctx.app, token, { controles: [saisie(doc, 'rapport')] }, [
      { nom: `${doc.id}__${aop}__RAPPORT_AUDIT.pdf`, contenu: pdf },
      {
        nom: `${doc.id}__${aop}__SIGNATURE.png`,
        contenu: Buffer.from('png'),
        sha256: 'a'.repeat(64),
      },
    ]);
    expect(body!.resultats[0]!.statut).toBe('ACCEPTE');
    expect(body!.documents.map((d) => d.statut)).toEqual(['ACCEPTE', 'REJETE']);
    const fichiers = await ctx.database.db
      .select()
      .from(fichier)
      .where(eq(fichier.controleId, Number(doc.id)));
    expect(fichiers).toHaveLength(1);
    expect(fichiers[0]).toMatchObject({
      typeDocument: 'RAPPORT_AUDIT',
      personneMoraleId: Number(doc.personneMoraleId),
    });
    const [row] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(doc.id)));
    expect(row!.rapportSha256).toBe(fichiers[0]!.sha256);
    expect(row!.version).toBe(body!.resultats[0]!.version);
    const recheck = await ctx.app.inject({
      url: `/api/synchro/controle-recheck?reCheckIds=${doc.id}`,
      headers: bearer(token),
    });
    const [served] = recheck.json<{ documents: { fichiers: { typeDocument: string }[] }[] }>()
      .documents;
    expect(served!.fichiers.map((f) => f.typeDocument)).toContain('RAPPORT_AUDIT');
  });

  it('refuses a document whose content is not a PDF, PNG or JPEG, and stores what a PNG really is', async () => {
    const doc = await premierControle(ctx.app, token);
    const aop = (doc.aopIgp as { id: string }).id;
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('signature'),
    ]);
    // Begins as a PDF, ends as one, but is an HTML page: not a PDF.
    const fauxPdf = Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n');
    const { body } = await pousser(ctx.app, token, { controles: [saisie(doc, 'types')] }, [
      { nom: `${doc.id}__${aop}__RAPPORT_AUDIT.pdf`, contenu: html },
      { nom: 'faux.pdf', controleId: doc.id, typeDocument: 'RAPPORT_AUDIT', contenu: fauxPdf },
      { nom: `${doc.id}__${aop}__SIGNATURE.png`, contenu: png },
    ]);
    expect(body!.resultats[0]!.statut).toBe('ACCEPTE');
    const refus = {
      id: null,
      statut: 'REJETE',
      message: 'Type de fichier non accepté : seuls les fichiers PDF, PNG ou JPEG sont acceptés',
    };
    expect(body!.documents).toMatchObject([
      { nom: `${doc.id}__${aop}__SIGNATURE.png`, statut: 'ACCEPTE' },
      { nom: `${doc.id}__${aop}__RAPPORT_AUDIT.pdf`, ...refus },
      { nom: 'faux.pdf', ...refus },
    ]);
    const stockes = await ctx.database.db
      .select({ mimeType: fichier.mimeType, sha256: fichier.sha256 })
      .from(fichier)
      .where(eq(fichier.controleId, Number(doc.id)));
    // The multipart part said application/pdf (the helper's default): the bytes say PNG.
    expect(stockes).toContainEqual({ mimeType: 'image/png', sha256: sha256Hex(png) });
    expect(stockes.map((f) => f.sha256)).not.toContain(sha256Hex(html));
  });

  it('answers 413 for a file over 5,000,000 bytes, and stores nothing', async () => {
    const avant = await nbInbox();
    const doc = await premierControle(ctx.app, token);
    const { res } = await pousser(ctx.app, token, { controles: [saisie(doc, 'gros')] }, [
      { nom: `${doc.id}__1__RAPPORT_AUDIT.pdf`, contenu: Buffer.alloc(TAILLE_MAX_FICHIER + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'Le fichier est trop gros (max 5Mo)' });
    expect(await nbInbox()).toBe(avant);
  });

  it('refuses a data part that is not JSON with 400, after keeping it in the inbox', async () => {
    const avant = await nbInbox();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/controle',
      payload:
        '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{pas du json\r\n--b--\r\n',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBe(400);
    expect(await nbInbox()).toBe(avant + 1);
  });

  it('exports appliquerNouveauControle for online unannounced inspections', async () => {
    const service = createPushControleService(
      ctx.database.db,
      createInboxRepository(ctx.database.db),
      ctx.app.log,
    );
    const entree = await nouveau('en-ligne', 2);
    const acteur = {
      utilisateurId: 3,
      uuid: '',
      roles: ['ROLE_CONTROLEUR' as const],
      droitActif: { id: 3, organismeId: 1, type: 'ODG' as const, siret: null },
    };
    const r = await service.appliquerNouveauControle(acteur, entree);
    expect(r.statut).toBe('ACCEPTE');
    expect((await service.appliquerNouveauControle(acteur, entree)).statut).toBe('DOUBLON');
    const traitements = await ctx.database.db.select({ n: count() }).from(syncInboxTraitement);
    expect(traitements[0]!.n).toBeGreaterThan(0);
  });
});

describe('POST /api/synchro/morale and /frontlogs', () => {
  it("applies an operator's contact details typed in the field", async () => {
    const { documents } = await tirer(ctx.app, token, 'annuaire-morale', { batchSize: 1 });
    const op = documents[0];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/morale',
      payload: {
        morales: [
          {
            id: op!.id,
            telephone1: '+33612345678',
            telephone2: '',
            mail: 'ferme@exemple.fr',
            siteWeb: null,
          },
        ],
      },
      headers: bearer(token),
    });
    expect(res.json()).toEqual({
      resultats: [{ id: op!.id, version: op!.version! + 1, statut: 'ACCEPTE' }],
    });
  });

  it('refuses invalid contact details with field errors, after keeping them in the inbox', async () => {
    const avant = await nbInbox();
    const { documents } = await tirer(ctx.app, token, 'annuaire-morale', { batchSize: 1 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/morale',
      payload: { morales: [{ id: documents[0]!.id, telephone1: '12', mail: 'pas-un-mail' }] },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'morales[0].telephone1', defaultMessage: 'Utilisez un numéro de téléphone valide' },
      { field: 'morales[0].mail', defaultMessage: 'Utilisez un email valide' },
    ]);
    expect(await nbInbox()).toBe(avant + 1);
  });

  it('stores device logs once per device id and serves them back', async () => {
    const log = {
      id: '500001',
      source: 'sync',
      logs: 'erreur réseau',
      creation: new Date().toISOString(),
    };
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/synchro/frontlogs',
        payload: { logs: [log] },
        headers: bearer(token),
      });
    expect((await post()).json()).toEqual({ recus: 1, doublons: 0, rejetes: [] });
    expect((await post()).json()).toEqual({ recus: 0, doublons: 1, rejetes: [] });
    const { documents } = await toutTirer(ctx.app, token, 'frontlogs');
    expect(documents.filter((d) => d.clientId === '500001')).toHaveLength(1);
  });

  it('lists every sync call in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const operations = Object.entries(paths)
      .filter(([p]) => p.startsWith('/api/synchro/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    // 15 feeds, 3 pushes, the reservation of report numbers, the "nothing new" check and the
    // directory snapshot's manifest and parts.
    expect(operations).toHaveLength(22);
    expect(operations).toContain('get /api/synchro/annuaire-morale/instantane');
    expect(operations).toContain('get /api/synchro/annuaire-morale/instantane/{cle}/{partie}');
    expect(operations).toContain('post /api/synchro/controle');
    expect(operations).toContain('post /api/synchro/nouveautes');
    // The directory feed, sent as JSON text, keeps its documented answer.
    expect(operations).toContain('get /api/synchro/annuaire-morale');
    expect(operations).toContain('post /api/synchro/numeros-rapport');
    const conflits = await ctx.database.db.select({ n: count() }).from(controleConflit);
    expect(conflits[0]!.n).toBe(0);
  });
});
