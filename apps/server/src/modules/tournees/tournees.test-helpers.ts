import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type {
  Checkpoint,
  ControleurPage,
  OperateurControles,
  PanierInformationsResponse,
} from '@estive/contracts';
import { toutTirer } from '../synchro/synchro.test-helpers';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';

/**
 * The world the rounds tests share: the demo accounts signed in, their rights and controllers, the
 * basket's operators, and the calls and PDF readers the tests use. Exported bindings are live: each
 * test file calls `suiteTournees()` (which prepares them before its tests), then reads them.
 */
export let ctx: TestContext;
export let animateur: string;
export let controleur: string;
export let controleur2: string;
export let comte: string;
export let auvergne: string;
export let claire: string;
export let marc: string;
export let informations: PanierInformationsResponse['informations'];

type Methode = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The animator works under the Comté right unless told; the controllers under their own. */
export const appel = (m: Methode, url: string, token: string, payload?: object, droit?: string) =>
  ctx.app.inject({
    method: m,
    url,
    headers: bearer(token, droit ?? (token === animateur ? comte : undefined)),
    payload,
  });
/** Rounds and controls come 10 at a time (docs/architecture.md §5): pull as the device does. */
export const tout = (token: string, entite: 'tournee' | 'controle', depart?: Checkpoint) =>
  toutTirer(ctx.app, token, entite, depart, 10);
export const ok = async <T>(m: Methode, url: string, token: string, payload?: object) => {
  const res = await appel(m, url, token, payload);
  expect(res.statusCode, `${m} ${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

/** The next day of the week (0 = Sunday) after today, as 'yyyy-mm-dd'. */
export function prochain(jourSemaine: number, semaines = 1): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * semaines + ((jourSemaine - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}

/** Complete controls for an operator of the basket, from what the server says of it. */
export function controlesComplets(i: number, date: string): OperateurControles {
  const info = premier(informations.slice(i), 'opérateur');
  const a = premier(info.informations.appellations, 'appellation');
  return {
    personneMoraleId: info.personneMoraleId,
    date,
    controles: [
      {
        aopId: a.aopIgp.id,
        siteIds: [premier(info.informations.sites, 'site').id],
        niveau: 'SUP_TERRAIN',
        activiteAopIgpIds: [premier(a.activites, 'activité').id],
        fichierIds: info.informations.documents.slice(0, 1).map((d) => d.id),
      },
    ],
  };
}

/** The PDF's text, and how many images it holds (the ODG's logo). */
export function pdfTexte(contenu: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tournee-'));
  const fichier = path.join(dir, 'doc.pdf');
  writeFileSync(fichier, contenu);
  return execFileSync('pdftotext', ['-layout', fichier, '-'], { encoding: 'utf8' });
}
export function pdfImages(contenu: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'tournee-'));
  const fichier = path.join(dir, 'doc.pdf');
  writeFileSync(fichier, contenu);
  const liste = execFileSync('pdfimages', ['-list', fichier], { encoding: 'utf8' });
  return liste.trim().split('\n').length - 2;
}

/** Signs the demo accounts in and reads what the tests build on (the basket's operators). */
async function preparerTournees(): Promise<void> {
  ctx = await createTestApp();
  ({ accessToken: animateur } = await login(ctx.app, 'animateur@estive.test'));
  ({ accessToken: controleur } = await login(ctx.app, 'controleur@estive.test'));
  ({ accessToken: controleur2 } = await login(ctx.app, 'controleur2@estive.test'));
  const principal = await ctx.app.inject({
    method: 'GET',
    url: '/api/principal',
    headers: bearer(animateur),
  });
  const droits = principal.json<{ droits: { id: string; raisonSociale: string }[] }>().droits;
  comte = droits.find((d) => /comt/i.test(d.raisonSociale))?.id ?? '';
  auvergne = droits.find((d) => /auvergne/i.test(d.raisonSociale))?.id ?? '';
  const controleurs = await ok<ControleurPage>(
    'GET',
    '/api/personne-physique/controleur?size=50',
    animateur,
  );
  claire = controleurs.content.find((c) => c.nom === 'Vuillet')?.id ?? '';
  marc = controleurs.content.find((c) => c.nom === 'Jeanningros')?.id ?? '';
  const panier = await ok<{ content: { personneMoraleId: string }[] }>(
    'GET',
    '/api/panier?size=50',
    animateur,
  );
  const ids = panier.content.map((p) => p.personneMoraleId).join(',');
  informations = (
    await ok<PanierInformationsResponse>('GET', `/api/panier/informations?ids=${ids}`, animateur)
  ).informations.filter(
    (i) =>
      i.informations.sites.length > 0 &&
      i.informations.appellations.some((a) => a.activites.length > 0),
  );
}

/** A test file's app, prepared before its tests (see preparerTournees) and closed after them. */
export function suiteTournees(): void {
  beforeAll(preparerTournees, 60_000);
  afterAll(() => ctx.close());
}
