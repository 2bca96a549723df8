import { SignJWT } from 'jose';
import {
  demandeIdentificationSchema,
  habilitationEcritureSchema,
  habilitationPatchSchema,
  referentielEcritureSchema,
} from '@estive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../db/lignes';
import { multipart } from '../modules/comptes/comptes.test-helpers';
import { corpsPush } from '../modules/synchro/synchro.test-helpers';
import {
  appAvecRoutes,
  cheminAvec,
  EXEMPLES_CORPS,
  exempleValide,
  requete,
  type Route,
} from './routes.test-helpers';
import {
  completerDonnees,
  fuites,
  IDENTITES,
  INEXISTANT,
  perimetre,
  premierId,
  type Perimetre,
} from './autorisations.perimetres';
import { bearer, login, type TestContext } from './test-app';

/**
 * Issue 13 §8: the authorisation matrix, generated from the route table. Every endpoint Fastify
 * registers × every identity (role and active right) × own and foreign perimeter × no, forged and
 * expired token. A route that appears in none of the tables below fails the first test: a new
 * endpoint is covered or the suite says so.
 */

import {
  estDoc,
  PARAMETRES,
  PUBLIQUES,
  RESTREINTS_ODG_REF,
  ROLES,
  type Ressource,
} from './autorisations.routes-table';

/** Bodies the generator cannot make valid by itself (multipart, cross-field rules). */
type Corps = { payload?: unknown; headers?: Record<string, string> };
const CORPS: Record<string, (p: Perimetre) => Corps> = {
  'POST /api/synchro/controle': () => corpsPush({ controles: [] }),
  // JSON or multipart, read by the handler (habilitation.routes): no route schema to sample.
  'POST /api/habilitation': () => ({ payload: exige(habilitationEcritureSchema) }),
  'POST /api/habilitation/modifie/:id': () => ({ payload: exige(habilitationPatchSchema) }),
  'POST /api/habilitation/demande-identification': () => ({
    payload: exige(demandeIdentificationSchema),
  }),
  // JSON or multipart (data + document), read by the handler (documents.routes).
  'POST /api/referentiel': () => ({ payload: exige(referentielEcritureSchema) }),
  // A controller of the perimeter, so that only the control decides.
  'POST /api/controles/:id/controleur': (p) => ({ payload: { controleurId: p.controleur } }),
  'POST /api/tournee/initialise': (p) => ({ payload: { controleurId: p.controleur } }),
  'PUT /api/tournee/:id/modifie': (p) => ({ payload: { controleurId: p.controleur } }),
  // Accounts of the perimeter's ODG; a password the rules accept (no generator finds one).
  'POST /api/utilisateur': (p) => ({
    payload: { ...COMPTE_EXEMPLE, odgIds: [String(p.odg)] },
  }),
  'PATCH /api/utilisateur/:id': () => ({ payload: { nom: 'Matrice' } }),
  'POST /api/principal/mot-de-passe': () => ({
    payload: EXEMPLES_CORPS['POST /api/principal/mot-de-passe'],
  }),
  // Multipart, read by the handler (comptes.routes); a dry run of one line.
  'POST /api/utilisateur/import': () =>
    multipart('mail;nom;prenom;role;odg\nmatrice@odg.test;Matrice;Ada;CONTROLEUR;ODG inconnu'),
};

const COMPTE_EXEMPLE = EXEMPLES_CORPS['POST /api/utilisateur'] as Record<string, unknown>;

function exige(schema: z.ZodType): unknown {
  const v = exempleValide(schema, false);
  if (v === undefined) throw new Error('aucun exemple valide');
  return v;
}

let ctx: TestContext;
let routes: Route[];
const jetons = new Map<string, string>();
const perimetres = new Map<string, Perimetre>();
/** A right that is not the identity's own (another user's): X-Droit-Actif must refuse it. */
const droitsEtrangers = new Map<string, string>();
let jetonsInvalides: Record<string, string>;
const compte = { requetes: 0, cinqCents: 0, fuites: 0 };

function corpsDe(route: Route, p: Perimetre): Corps {
  const explicite = CORPS[route.cle];
  if (explicite) return explicite(p);
  if (route.cle in EXEMPLES_CORPS) return { payload: EXEMPLES_CORPS[route.cle] };
  if (!route.body) return {};
  const payload = exempleValide(route.body, false);
  if (payload === undefined) throw new Error(`${route.cle} : aucun corps valide généré`);
  return { payload };
}

function appel(
  route: Route,
  params: Record<string, string>,
  headers: Record<string, string>,
  corps: Corps,
) {
  const query = route.querystring ? exempleValide(route.querystring, true) : undefined;
  if (route.querystring && query === undefined) {
    throw new Error(`${route.cle} : aucune requête valide générée`);
  }
  compte.requetes++;
  return ctx.app.inject({
    method: route.methode as 'GET',
    url: requete(cheminAvec(route.url, params), query as Record<string, string> | undefined),
    headers: { ...headers, ...corps.headers },
    ...(corps.payload !== undefined ? { payload: corps.payload as string } : {}),
  });
}

const parametres = (route: Route, ids: Record<Ressource, string>) =>
  Object.fromEntries(
    Object.entries(PARAMETRES[route.cle] ?? {}).map(([nom, ressource]) => [nom, ids[ressource]]),
  );

beforeAll(async () => {
  // Tokens for the whole run: on a loaded machine it outlasts the default 10 minutes (the matrix
  // forges its own expired token).
  ({ ctx, routes } = await appAvecRoutes({ ACCESS_TOKEN_TTL_SECONDS: '7200' }));
  const db = ctx.database.db;
  await completerDonnees(db);
  for (const identite of IDENTITES) {
    if (!jetons.has(identite.login)) {
      const { accessToken } = await login(ctx.app, identite.login);
      jetons.set(identite.login, accessToken);
    }
    const [u] = await lignes(
      db,
      sql`select id from utilisateur where login = ${identite.login}`,
      z.object({ id: colonne.entier }),
    );
    if (!u) throw new Error(identite.login);
    perimetres.set(identite.nom, await perimetre(db, identite, u.id));
    const autre = await premierId(
      db,
      sql`select id from droit where utilisateur_id <> ${u.id} order by id desc limit 1`,
    );
    droitsEtrangers.set(identite.nom, String(autre));
  }
  const [sujet] = await lignes(
    db,
    sql`select uuid from utilisateur where login = 'cnaol@estive.test'`,
    z.object({ uuid: colonne.texte }),
  );
  if (!sujet) throw new Error('cnaol@estive.test absent des données de démonstration');
  const maintenant = Math.floor(Date.now() / 1000);
  const signer = (secret: string | Uint8Array, exp: number) =>
    new SignJWT({ roles: ['ROLE_CNAOL'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sujet.uuid)
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);
  jetonsInvalides = {
    forge: await signer('un-autre-secret-un-autre-secret-1234567', maintenant + 900),
    expire: await signer(ctx.config.jwtSecret, maintenant - 60),
    illisible: 'pas.un.jeton',
  };
}, 120_000);

afterAll(async () => {
  console.info(
    `matrice d'autorisation : ${compte.requetes} requêtes, ${compte.cinqCents} × 5xx, ${compte.fuites} fuite(s)`,
  );
  await ctx.close();
});

describe('authorisation matrix (every route Fastify registers)', () => {
  it('every route is public, documentation, or in the role table (none forgotten, none stale)', () => {
    const cles = routes.filter((r) => !estDoc(r)).map((r) => r.cle);
    const inconnues = cles.filter((c) => !PUBLIQUES.has(c) && !(c in ROLES));
    expect(inconnues, 'routes absentes de ROLES ou PUBLIQUES').toEqual([]);
    const perimees = [...Object.keys(ROLES), ...PUBLIQUES].filter((c) => !cles.includes(c));
    expect(perimees, 'entrées qui ne sont plus des routes').toEqual([]);
    const sansParametres = routes.filter(
      (r) => r.url.includes(':') && !PUBLIQUES.has(r.cle) && !PARAMETRES[r.cle],
    );
    expect(
      sansParametres.map((r) => r.cle),
      'routes à paramètres absentes de PARAMETRES',
    ).toEqual([]);
  });

  it('each identity has a row of its own and a foreign row of every kind (no vacuous check)', () => {
    for (const [nom, p] of perimetres) {
      for (const cote of [p.propres, p.etrangers]) {
        const manquants = Object.entries(cote).filter(([, id]) => id === INEXISTANT);
        expect(manquants, nom).toEqual([]);
      }
      expect(p.siretsEtrangers.size, nom).toBeGreaterThan(0);
      expect(p.numerosEtrangers.size, nom).toBeGreaterThan(0);
    }
  });
});

describe.each(Object.keys(ROLES))('%s', (cle) => {
  const route = () => {
    const r = routes.find((x) => x.cle === cle);
    if (!r) throw new Error(`${cle} n'est plus une route`);
    return r;
  };

  it('401 in French without a token, with a forged, an expired or an unreadable one', async () => {
    const r = route();
    const p = perimetres.get('CNAOL sur Comté');
    if (!p) throw new Error('périmètre');
    const cas: [string, Record<string, string>][] = [
      ['sans jeton', {}],
      ['schéma Basic', { authorization: 'Basic Y25hb2w6ZXN0aXZl' }],
      ...Object.entries(jetonsInvalides).map(([nom, jeton]): [string, Record<string, string>] => [
        nom,
        bearer(jeton, p.droit),
      ]),
    ];
    for (const [nom, headers] of cas) {
      const res = await appel(r, parametres(r, p.propres), headers, corpsDe(r, p));
      expect(res.statusCode, nom).toBe(401);
      expect(res.json<{ message: string }>().message, nom).toMatch(/Authentification|Jeton/);
    }
  });

  it('a right that is not the user’s own (X-Droit-Actif) is 403', async () => {
    const r = route();
    for (const identite of IDENTITES.filter((i) => i.role !== 'CNAOL')) {
      const p = perimetres.get(identite.nom);
      if (!p) throw new Error(identite.nom);
      const jeton = jetons.get(identite.login) ?? '';
      for (const droit of [droitsEtrangers.get(identite.nom) ?? '', 'abc']) {
        const res = await appel(r, parametres(r, p.propres), bearer(jeton, droit), corpsDe(r, p));
        expect(res.statusCode, `${identite.nom}, droit ${droit}`).toBe(403);
      }
    }
  });

  it('each role: refused without the right; with it, no foreign row, foreign ids refused', async () => {
    const r = route();
    const ecarts: string[] = [];
    for (const identite of IDENTITES) {
      const p = perimetres.get(identite.nom);
      if (!p) throw new Error(identite.nom);
      const headers = bearer(jetons.get(identite.login) ?? '', p.droit);
      const autorise =
        (ROLES[cle] ?? []).includes(identite.role) &&
        !(RESTREINTS_ODG_REF.has(cle) && identite.role === 'ANIMATEUR' && p.typeDroit !== 'ODG');
      const propre = await appel(r, parametres(r, p.propres), headers, corpsDe(r, p));
      const s = propre.statusCode;
      if (s >= 500) compte.cinqCents++;
      if (!autorise && s !== 403 && s !== 404)
        ecarts.push(`${identite.nom} sans le droit : ${s} ${propre.body.slice(0, 200)}`);
      if (autorise && (s === 401 || s === 403 || s >= 500))
        ecarts.push(`${identite.nom} : ${s} ${propre.body.slice(0, 200)}`);
      if (s === 200 && propre.headers['content-type']?.toString().includes('json')) {
        const f = fuites(propre.json(), p);
        compte.fuites += f.length;
        if (f.length) ecarts.push(`${identite.nom} : fuite ${f.slice(0, 3).join(', ')}`);
      }
      if (!autorise || !PARAMETRES[cle]) continue;
      const etranger = await appel(r, parametres(r, p.etrangers), headers, corpsDe(r, p));
      if (etranger.statusCode >= 500) compte.cinqCents++;
      if (etranger.statusCode !== 403 && etranger.statusCode !== 404) {
        if (etranger.statusCode === 200) compte.fuites++;
        ecarts.push(
          `${identite.nom}, ligne d'un autre périmètre ${JSON.stringify(parametres(r, p.etrangers))} : ${etranger.statusCode}`,
        );
      }
    }
    if (ecarts.length) console.error(`@@ ${cle}\n${ecarts.join('\n')}`);
    expect(ecarts.join('\n')).toBe('');
  });
});
