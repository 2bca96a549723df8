import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { colonne, ligne } from '../db/lignes';
import { pdfSimple } from '../demo/fichiers-demo';
import { luhnValide } from '../demo/random';
import { entetes, odg } from '../modules/comptes/comptes.test-helpers';
import { multipart } from '../modules/synchro/synchro.test-helpers';
import { appAvecRoutes, type Route } from './routes.test-helpers';
import { login, premier, type TestContext } from './test-app';

/** The world of the upload tests (televersements*.test.ts): one app, its route table, accounts. */
export let ctx: TestContext;
export let routes: Route[];
export let animateur: Record<string, string>;
export let cnaol: Record<string, string>;
export let controleur: string;
let siret = 0;

export async function preparerTeleversements() {
  ({ ctx, routes } = await appAvecRoutes());
  const comte = await odg(ctx, 'comte');
  animateur = await entetes(ctx, 'animateur@estive.test', comte.id);
  cnaol = await entetes(ctx, 'cnaol@estive.test', comte.id);
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
}

/** A real one-page PDF: a PDF upload must parse as one. */
export const PDF = pdfSimple(['Document']);

/** A SIRET whose Luhn key is right, a new one each call. */
function nouveauSiret(): string {
  const debut = `9${String(++siret).padStart(12, '0')}`;
  const cle = '0123456789'.split('').find((c) => luhnValide(debut + c));
  if (cle === undefined) throw new Error('clé de Luhn introuvable');
  return debut + cle;
}

export const json = (method: 'POST' | 'GET', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: animateur, ...(payload ? { payload } : {}) });

/** A multipart request of these parts, sent by the animator. */
export function envoyerParties(url: string, parties: Parameters<typeof multipart>[0]) {
  const corps = multipart(parties);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...animateur, ...corps.headers },
    payload: corps.payload,
  });
}

/** A form: its `data` part, and `contenu` as its file, named `document.pdf`, declared a PDF. */
export const formulaire = (
  url: string,
  data: object | null,
  contenu: Buffer,
  partie = 'document',
) =>
  envoyerParties(url, [
    ...(data ? [{ name: 'data', content: JSON.stringify(data) }] : []),
    { name: partie, filename: 'document.pdf', contentType: 'application/pdf', content: contenu },
  ]);

/** A new operator of the animator's ODG, and an AOP-IGP with two of its activities. */
export async function operateur() {
  const pm = await json('POST', '/api/personne-morale', {
    raisonSociale: `Fromagerie ${String(siret)}`,
    siret: nouveauSiret(),
  });
  expect(pm.statusCode, pm.body).toBe(201);
  const activites = (await json('GET', '/api/activiteAopIgp')).json<
    { aopIgpId: string; id: string }[]
  >();
  const aopIgpId = premier(activites).aopIgpId;
  const ids = activites.filter((a) => a.aopIgpId === aopIgpId).map((a) => a.id);
  return { pm: pm.json<{ id: string }>().id, aopIgpId, activites: ids };
}

export const nbFichiers = async () =>
  (
    await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from fichier`,
      z.object({ n: colonne.entier }),
    )
  ).n;

export const nbReferentiels = async () =>
  (
    await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from referentiel`,
      z.object({ n: colonne.entier }),
    )
  ).n;
