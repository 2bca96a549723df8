import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, premiereLigne } from '../db/lignes';
import { bearer, createTestApp, login, type TestContext } from '../test/test-app';

/** What a browser says it accepts (chromium sends `gzip, deflate, br, zstd`). */
const NAVIGATEUR = 'gzip, deflate, br';

let ctx: TestContext;
let token: string;
let webDist: string;
// A hashed asset of the build, with the `.br` and `.gz` the build writes beside it.
const script = Buffer.from(
  `export const lignes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `ligne ${i}`))};\n`,
);
const html = Buffer.from(
  `<!doctype html><html lang="fr"><title>Estive</title><body>${'<p>Estive</p>'.repeat(200)}</body></html>`,
);
// A PNG signature and filler: already compressed data, never recompressed.
const image = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4096, 7),
]);

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'estive-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  const ecrire = (nom: string, contenu: Buffer, precompresse = true) => {
    writeFileSync(path.join(webDist, nom), contenu);
    if (!precompresse) return;
    writeFileSync(path.join(webDist, `${nom}.br`), brotliCompressSync(contenu));
    writeFileSync(path.join(webDist, `${nom}.gz`), gzipSync(contenu));
  };
  ecrire('index.html', html);
  ecrire('assets/app-4f2a.js', script);
  ecrire('assets/logo-91c3.png', image, false);
  ctx = await createTestApp({ WEB_DIST: webDist });
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
});
afterAll(() => ctx.close());

const decoder = (encodage: string | undefined, corps: Buffer) =>
  encodage === 'br' ? brotliDecompressSync(corps) : encodage === 'gzip' ? gunzipSync(corps) : corps;

describe('API answers', () => {
  const page = (acceptEncoding?: string) =>
    ctx.app.inject({
      url: '/api/synchro/annuaire-morale?batchSize=200',
      headers: {
        ...bearer(token),
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('compress a JSON page with brotli when the browser accepts it, to the same bytes', async () => {
    const brut = await page();
    expect(brut.statusCode).toBe(200);
    expect(brut.headers['content-encoding']).toBeUndefined();
    expect(brut.rawPayload.length).toBeGreaterThan(1024);
    const compresse = await page(NAVIGATEUR);
    expect(compresse.statusCode).toBe(200);
    expect(compresse.headers['content-encoding']).toBe('br');
    expect(compresse.headers.vary).toMatch(/accept-encoding/i);
    expect(compresse.rawPayload.length).toBeLessThan(brut.rawPayload.length / 3);
    expect(decoder('br', compresse.rawPayload)).toEqual(brut.rawPayload);
  });

  it('use gzip for a client without brotli, identity when asked for it', async () => {
    const brut = await page();
    const gz = await page('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoder('gzip', gz.rawPayload)).toEqual(brut.rawPayload);
    const identite = await page('identity');
    expect(identite.headers['content-encoding']).toBeUndefined();
    expect(identite.rawPayload).toEqual(brut.rawPayload);
  });

  it('leave an answer under 1 KB as it is', async () => {
    const res = await ctx.app.inject({
      url: '/api/actuator/health',
      headers: { 'accept-encoding': NAVIGATEUR },
    });
    expect(res.json()).toEqual({ status: 'UP' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never recompress a PDF, however large', async () => {
    const doc = await PDFDocument.create();
    const police = await doc.embedFont(StandardFonts.Helvetica);
    for (let page = 0; page < 3; page++) {
      const feuille = doc.addPage();
      for (let y = 20; y < 800; y += 12) {
        feuille.drawText('Rapport de contrôle — texte répété '.repeat(3), {
          x: 10,
          y,
          font: police,
          size: 8,
        });
      }
    }
    const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
    expect(pdf.length).toBeGreaterThan(4096);
    const fichier = await premiereLigne(
      ctx.database.db,
      sql`select f.id from fichier f join controle c on f.id = any(c.fichier_ids)
            join utilisateur u on u.id = c.controleur_id
          where u.login = 'controleur@estive.test' limit 1`,
      z.object({ id: colonne.entier }),
    );
    if (!fichier) throw new Error('aucun fichier du contrôleur dans les données de démonstration');
    await ctx.database.db.execute(
      sql`update fichier set contenu = ${pdf}, mime_type = 'application/pdf',
                             type_document = 'RAPPORT_AUDIT' where id = ${fichier.id}`,
    );
    const res = await ctx.app.inject({
      url: `/api/fichier/${fichier.id}`,
      headers: { ...bearer(token), 'accept-encoding': NAVIGATEUR },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(pdf);
  });
});

describe('the built PWA', () => {
  const obtenir = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['/assets/app-4f2a.js', script],
    ['/', html],
    ['/tournee/detail/3', html],
  ])('sends %s precompressed with brotli, else gzip, else plain', async (url, contenu) => {
    const br = await obtenir(url, NAVIGATEUR);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(
      /^(text\/javascript|application\/javascript|text\/html)/,
    );
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decoder('br', br.rawPayload)).toEqual(contenu);
    const gz = await obtenir(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoder('gzip', gz.rawPayload)).toEqual(contenu);
    const brut = await obtenir(url);
    expect(brut.statusCode).toBe(200);
    expect(brut.headers['content-encoding']).toBeUndefined();
    expect(brut.rawPayload).toEqual(contenu);
  });

  it('keeps hashed assets immutable in their compressed form too', async () => {
    const res = await obtenir('/assets/app-4f2a.js', NAVIGATEUR);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends an image as it is', async () => {
    const res = await obtenir('/assets/logo-91c3.png', NAVIGATEUR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(image);
  });
});
