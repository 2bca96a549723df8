import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITES_PUSH, type PushControlesResponse } from '@estive/contracts';
import { controleConflit, fichier, syncInbox } from '../../db/schema';
import { bearer } from '../../test/test-app';
import {
  grilleMarquee,
  ligneControle,
  marqueDe,
  operateurHabilite,
  reaffecter,
  utilisateurId,
} from './fixtures.test-helpers';
import { multipart, pousser, premierControle, saisie, toutTirer } from './synchro.test-helpers';
import {
  ctx,
  nbInbox,
  suiteDeuxControleurs,
  token,
  tokenAutre,
} from './deux-controleurs.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

/**
 * Issue 13 items 2 and 4, docs/architecture.md §5: whatever a push holds, it reaches the inbox
 * first, each control is judged alone, and nobody writes on a control that is not his or that is
 * signed.
 */
suiteDeuxControleurs();

const ligne = (id: string) => ligneControle(ctx.database.db, id);

async function pousserBrut(data: string | undefined, t = token) {
  const { payload, headers } = multipart(
    data === undefined ? [{ name: 'autre', content: 'x' }] : [{ name: 'data', content: data }],
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/synchro/controle',
    payload,
    headers: { ...headers, ...bearer(t) },
  });
}

async function nouveau(marque: string, rang = 0) {
  const o = await operateurHabilite(ctx.database.db, 1, rang);
  return {
    localId: `local-${String(500100 + rang)}`,
    clientUuid: randomUUID(),
    date: new Date().toISOString(),
    personneMoraleId: o.personneMoraleId,
    aopIgpId: o.aopIgpId,
    siteIds: [o.siteId],
    activiteAopIgpIds: [o.activiteAopIgpId],
    statut: 'EN_COURS',
    etapeSaisie: 1,
    grille: grilleMarquee(marque),
    synthese: {},
  };
}

// Built as text: JSON.stringify of it would overflow the stack (JSON.parse is iterative).
const PROFOND = `${'['.repeat(5000)}"fond"${']'.repeat(5000)}`;

describe('a push is never lost nor blocked by one bad control', () => {
  const hostiles: [string, (n: Record<string, unknown>) => unknown][] = [
    ['NUL in a text', (n) => ({ ...n, raisonAbandon: 'avant\u0000après' })],
    ['a lone surrogate', (n) => ({ ...n, synthese: { '1': { observation: 'x\ud800y' } } })],
    ['a lone surrogate in a key', (n) => ({ ...n, synthese: { '\udc00': {} } })],
    ['nesting 5,000 deep', (n) => ({ ...n, synthese: { '1': '__PROFOND__' } })],
    ['null', () => null],
    ['operator id "abc"', (n) => ({ ...n, personneMoraleId: 'abc' })],
    ['operator id "1.5"', (n) => ({ ...n, personneMoraleId: '1.5' })],
    ['operator id of 20 digits', (n) => ({ ...n, personneMoraleId: '12345678901234567890' })],
    ['site id "abc"', (n) => ({ ...n, siteIds: ['abc'] })],
  ];
  for (const [nom, gater] of hostiles) {
    it(`${nom}: REJETE with a French reason, the other control of the push ACCEPTE`, async () => {
      const bon = await nouveau(`bon-${nom}`);
      const mauvais = gater(await nouveau('mauvais', 1));
      const avant = await nbInbox();
      const texte = JSON.stringify({ newControles: [mauvais, bon] }).replace(
        '"__PROFOND__"',
        PROFOND,
      );
      const res = await pousserBrut(texte);
      expect(res.statusCode).toBe(200);
      expect(await nbInbox()).toBe(avant + 1);
      const body = res.json<PushControlesResponse>();
      expect(body.resultats[0]).toMatchObject({ statut: 'REJETE', id: null });
      expect(body.resultats[0]?.message).toMatch(/[éèàç]|invalide|Identifiant|Structure/);
      expect(body.resultats[1]).toMatchObject({ statut: 'ACCEPTE', clientUuid: bon.clientUuid });
    });
  }

  it('an edited control with a bad id or NUL is REJETE with its field; the good one is applied', async () => {
    const doc = await premierControle(ctx.app, token);
    const res = await pousserBrut(
      JSON.stringify({
        controles: [
          { ...saisie(doc, 'x'), id: '1.5', localId: 'a' },
          { ...saisie(doc, 'x'), localId: 'b', grille: { nom: 'x\u0000' } },
          saisie(doc, 'robuste-bon'),
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const [a, b, c] = res.json<PushControlesResponse>().resultats;
    expect(a).toMatchObject({ localId: 'a', statut: 'REJETE', champ: 'id' });
    expect(b).toMatchObject({ localId: 'b', statut: 'REJETE', champ: 'grille.nom' });
    expect(b?.message).toContain('Caractère non autorisé');
    expect(c).toMatchObject({ statut: 'ACCEPTE' });
    expect(marqueDe((await ligne(doc.id))!.grille)).toBe('robuste-bon');
  });

  const enveloppes: [string, string | undefined][] = [
    ['missing', undefined],
    ['null', 'null'],
    ['not JSON', '{"controles": ['],
    ['NUL at the top', '"\\u0000"'],
    ['a lone surrogate at the top', '["\\ud800"]'],
    ['nested 5,000 deep', PROFOND],
  ];
  for (const [nom, data] of enveloppes) {
    it(`a data part ${nom}: kept in the inbox, answered 400 in French, never 500`, async () => {
      const avant = await nbInbox();
      const res = await pousserBrut(data);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        'La partie data de la requête est invalide',
      );
      expect(await nbInbox()).toBe(avant + 1);
    });
  }

  it('the inbox keeps what jsonb refuses, byte for byte (base64 of the JSON)', async () => {
    const texte = JSON.stringify({ newControles: [{ raisonAbandon: 'a\u0000b\ud800' }] });
    await pousserBrut(texte);
    const [entree] = await ctx.database.db
      .select()
      .from(syncInbox)
      .orderBy(syncInbox.id)
      .limit(1)
      .offset((await nbInbox()) - 1);
    const p = entree?.payload as { jsonBase64: string };
    expect(JSON.parse(Buffer.from(p.jsonBase64, 'base64').toString('utf8'))).toEqual(
      JSON.parse(texte),
    );
  });
});

describe('ownership and locking (docs/architecture.md §5)', () => {
  it('a clientUuid belongs to its first sender: another controller gets REJETE, his file is not attached', async () => {
    const n = await nouveau('premier-envoi', 2);
    const premier = await pousser(ctx.app, token, { newControles: [n] });
    expect(premier.body?.resultats[0]?.statut).toBe('ACCEPTE');
    const id = premier.body!.resultats[0]!.id!;
    const fichiers = async () =>
      (
        await ctx.database.db
          .select({ n: count() })
          .from(fichier)
          .where(eq(fichier.controleId, Number(id)))
      )[0]!.n;
    const avant = await fichiers();
    const pdf = pdfSimple(['usurpation']);
    const autre = await pousser(
      ctx.app,
      tokenAutre,
      { newControles: [{ ...n, grille: grilleMarquee('usurpe') }] },
      [{ nom: `${n.clientUuid}__${n.aopIgpId}__RAPPORT_AUDIT.pdf`, contenu: pdf }],
    );
    expect(autre.body?.resultats[0]).toMatchObject({ statut: 'REJETE', id: null });
    expect(autre.body?.resultats[0]?.message).toBe('Identifiant client déjà utilisé');
    expect(await fichiers()).toBe(avant);
    expect(marqueDe((await ligne(id))!.grille)).toBe('premier-envoi');
    // The first sender's retry is still harmless.
    const retry = await pousser(ctx.app, token, { newControles: [n] });
    expect(retry.body?.resultats[0]).toMatchObject({ statut: 'DOUBLON', id });
  });

  it('a control reassigned to another controller: REJETE, not applied, kept with a conflict record', async () => {
    const { documents } = await toutTirer(ctx.app, token, 'controle', undefined, 10);
    const doc = documents.find(
      (d) => !d._deleted && d.statut === 'PROGRAMME' && d.version !== undefined,
    );
    if (!doc) throw new Error('aucun contrôle programmé');
    const collegue = await utilisateurId(ctx.database.db, 'controleur2@estive.test');
    await reaffecter(ctx.database.db, Number(doc.id), collegue);
    const avant = await ligne(doc.id);
    const { body } = await pousser(ctx.app, token, {
      controles: [saisie(doc, 'apres-reaffectation')],
    });
    expect(body?.resultats[0]).toMatchObject({ statut: 'REJETE', id: doc.id });
    expect(body?.resultats[0]?.message).toContain('attribué à un autre contrôleur');
    expect(body?.toRemove).toEqual([]);
    expect(await ligne(doc.id)).toEqual(avant);
    const conflits = await ctx.database.db
      .select()
      .from(controleConflit)
      .where(eq(controleConflit.controleId, Number(doc.id)));
    expect(conflits.map((c) => c.motif)).toEqual(['REAFFECTE']);
    expect(marqueDe((conflits[0]?.saisie as { grille: unknown }).grille)).toBe(
      'apres-reaffectation',
    );
  });

  it('a push that would reopen a REALISE control is REJETE and the row is unchanged (issue 12 item 2)', async () => {
    const doc = await premierControle(ctx.app, token);
    const signe = await pousser(ctx.app, token, { controles: [saisie(doc, 'signe')] });
    expect(signe.body?.resultats[0]?.statut).toBe('ACCEPTE');
    const version = signe.body!.resultats[0]!.version!;
    const avant = await ligne(doc.id);
    expect(avant!.statut).toBe('REALISE');
    const inboxAvant = await nbInbox();
    const rouvrir = saisie(doc, 'rouvert', {
      baseVersion: version,
      statut: 'EN_COURS',
      etapeSaisie: 2,
      resultat: null,
    });
    const { body } = await pousser(ctx.app, token, { controles: [rouvrir] });
    expect(body?.resultats[0]).toMatchObject({ statut: 'REJETE', id: doc.id, version });
    expect(body?.resultats[0]?.message).toContain('finalisé');
    expect(await ligne(doc.id)).toEqual(avant);
    expect(await nbInbox()).toBe(inboxAvant + 1);
    const conflits = await ctx.database.db
      .select()
      .from(controleConflit)
      .where(eq(controleConflit.controleId, Number(doc.id)));
    expect(conflits.map((c) => c.motif)).toEqual(['FINALISE']);
    // The device sends it again at its next sync: still REJETE, still one record.
    const encore = await pousser(ctx.app, token, { controles: [rouvrir] });
    expect(encore.body?.resultats[0]?.statut).toBe('REJETE');
    expect(
      await ctx.database.db
        .select({ n: count() })
        .from(controleConflit)
        .where(eq(controleConflit.controleId, Number(doc.id))),
    ).toEqual([{ n: 1 }]);
    // Rewriting the signed entry from an old base is refused too; the same entry again is harmless.
    const reecrire = await pousser(ctx.app, token, {
      controles: [saisie(doc, 'reecrit', { baseVersion: doc.version })],
    });
    expect(reecrire.body?.resultats[0]?.statut).toBe('REJETE');
    const meme = await pousser(ctx.app, token, { controles: [saisie(doc, 'signe')] });
    expect(meme.body?.resultats[0]?.statut).toBe('DOUBLON');
    expect(await ligne(doc.id)).toEqual(avant);
  });
});

describe('size limits', () => {
  it('a data part over its limit is refused with 413, never cut', async () => {
    const res = await pousserBrut(
      JSON.stringify({ controles: [], x: 'a'.repeat(LIMITES_PUSH.octetsData + 10) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toContain('plusieurs fois');
  });

  it('more files than the limit: 413 in French', async () => {
    const parts = [
      { name: 'data', content: '{}' },
      ...Array.from({ length: LIMITES_PUSH.fichiers + 1 }, (_, i) => ({
        name: 'documents',
        filename: `f${String(i)}.pdf`,
        content: Buffer.from('%PDF-1.4'),
      })),
    ];
    const { payload, headers } = multipart(parts);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/controle',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toContain('Trop de fichiers');
  });
});

describe('the same hostile inputs on the other endpoints: 400, never 500', () => {
  const corps: [string, string][] = [
    ['NUL', '"a\\u0000b"'],
    ['a lone surrogate', '"a\\ud800b"'],
    ['nesting 5,000 deep', PROFOND],
  ];
  const routes: [string, string, (v: string) => string][] = [
    ['POST', '/api/auth/login', (v) => `{"login":${v},"password":"estive"}`],
    ['POST', '/api/log', (v) => `{"message":${v},"context":${v}}`],
    ['POST', '/api/controle/inopine', (v) => `{"personneMoraleId":${v}}`],
  ];
  for (const [method, url, corpsDe] of routes) {
    for (const [nom, v] of corps) {
      it(`${method} ${url} with ${nom}: 400 in French`, async () => {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url,
          payload: corpsDe(v),
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toBe('Veuillez vérifier votre saisie');
      });
    }
  }

  it('pushes of operator edits and device logs keep the request and judge each item', async () => {
    const avant = await nbInbox();
    const morale = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/morale',
      payload: '{"morales":[{"id":"1","mail":"a\\u0000b"}]}',
      headers: { 'content-type': 'application/json', ...bearer(token) },
    });
    expect(morale.statusCode).toBe(400);
    expect(morale.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0]?.field).toBe(
      'morales[0].mail',
    );
    const logs = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/frontlogs',
      payload: `{"logs":[{"id":"1","source":"x","logs":"\\ud800","creation":"2026-01-01T00:00:00Z"},{"id":"2","source":"x","logs":${JSON.stringify(PROFOND)},"creation":"2026-01-01T00:00:00Z"}]}`,
      headers: { 'content-type': 'application/json', ...bearer(token) },
    });
    expect(logs.statusCode).toBe(200);
    expect(logs.json()).toMatchObject({ recus: 1, rejetes: [{ id: '1' }] });
    expect(await nbInbox()).toBe(avant + 2);
  });

  it('queries and paging: NUL, surrogates and huge pages are 400', async () => {
    for (const url of [
      '/api/panier?page=%00',
      '/api/panier?page=99999999999',
      '/api/synchro/controle?lastSync=%00',
      '/api/synchro/controle-recheck?reCheckIds=abc',
      '/api/fichiers/%E0%A4%A',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    // Bytes that are not UTF-8 are decoded as U+FFFD: an unknown cursor, the feed restarts.
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/synchro/controle?lastSync=%ED%A0%80',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
  });
});
