import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { habilitationEcritureSchema, habilitationPatchSchema } from '@estive/contracts';
import { premierIndesirable } from '../lib/stockable';
import {
  appAvecRoutes,
  EXEMPLES_CORPS,
  enTexte,
  exempleValide,
  type Route,
} from './routes.test-helpers';
import { bearer, login, type TestContext } from './test-app';

/**
 * Issue 13 §8: bad input derived from each route's schema. For every route with a params, query
 * or body schema, fast-check takes a valid request and breaks one part of it (wrong type, missing
 * field, huge string, NUL, lone surrogate, deep nesting, oversize array). Whatever comes, the
 * answer is never a 5xx; when the schema (or the global input check) refuses the input, it is a
 * 400 in French with the field named.
 */

/** Bodies read by the handler itself (JSON or multipart): the schema it applies. */
const CORPS_MANUELS: Record<string, z.ZodType> = {
  'POST /api/habilitation': habilitationEcritureSchema,
  'POST /api/habilitation/modifie/:id': habilitationPatchSchema,
};
/** The multipart push is covered by synchro.robustesse.test.ts (each control judged alone). */
const HORS_SUITE = new Set(['POST /api/synchro/controle']);
/** Its query carries the token itself: a broken one is 401 before any schema (ws.test.ts). */
const CREDENTIEL = new Set(['GET /api/ws']);
const RUNS = 25;

const ANGLAIS = /\b(Invalid|Expected|Required|must|received|should|is not|Unexpected)\b/;

function profond(n: number): unknown {
  let v: unknown = 'fond';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { x: v };
  return v;
}

/** What an attacker or a broken device puts in one place of a request. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    '',
    ' ',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '9'.repeat(40),
    '1e309',
    '1e3',
    '0x10',
    'NaN',
    '__proto__',
    "'; drop table controle; --",
    {},
    [],
    { constructor: { prototype: { pollue: true } } },
  ),
  fc.constant('x'.repeat(300_000)),
  fc.constant(profond(200)),
  fc.constant(Array.from({ length: 20_000 }, (_, i) => String(i + 1))),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer(),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
);

type Partie = 'params' | 'querystring' | 'body';
type Action = { type: 'remplacer'; valeur: unknown } | { type: 'supprimer' };

/** Every path inside a value ([] is the value itself). */
function chemins(v: unknown, prefixe: (string | number)[] = []): (string | number)[][] {
  const sortie = [prefixe];
  if (prefixe.length > 4) return sortie;
  if (Array.isArray(v)) v.forEach((x, i) => sortie.push(...chemins(x, [...prefixe, i])));
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) sortie.push(...chemins(x, [...prefixe, k]));
  }
  return sortie;
}

function appliquer(base: unknown, chemin: (string | number)[], action: Action): unknown {
  if (chemin.length === 0) return action.type === 'remplacer' ? action.valeur : undefined;
  const copie: unknown = structuredClone(base);
  let ici = copie as Record<string | number, unknown>;
  for (const cle of chemin.slice(0, -1)) ici = ici[cle] as Record<string | number, unknown>;
  const derniere = chemin[chemin.length - 1];
  if (action.type === 'supprimer') {
    if (Array.isArray(ici)) ici.splice(Number(derniere), 1);
    else Reflect.deleteProperty(ici, derniere!);
  } else ici[derniere!] = action.valeur;
  return copie;
}

/**
 * Percent-encoding that also carries lone surrogates (as their WTF-8 bytes), as a raw client may.
 * Code point by code point: a pair is one element, a lone surrogate one too.
 */
function encoder(texte: string): string {
  return Array.from(texte)
    .map((c) => {
      const u = c.charCodeAt(0);
      if (c.length === 1 && u >= 0xd800 && u <= 0xdfff) {
        return Buffer.from([0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)])
          .toString('hex')
          .replace(/(..)/g, '%$1')
          .toUpperCase();
      }
      return encodeURIComponent(c);
    })
    .join('');
}

function surrogatSeul(v: unknown): boolean {
  if (typeof v === 'string') return /\p{Surrogate}/u.test(v);
  if (typeof v === 'object' && v !== null) return Object.values(v).some(surrogatSeul);
  return false;
}

let ctx: TestContext;
let routes: Route[];
let jeton: string;
const compte = { requetes: 0, cinqCents: 0, refusees: 0 };

beforeAll(async () => {
  // The login limit would answer 429 before the schema after ten tries.
  // One token for the whole run, which on a loaded machine outlasts the default 10 minutes.
  ({ ctx, routes } = await appAvecRoutes({
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  }));
  jeton = (await login(ctx.app, 'cnaol@estive.test')).accessToken;
}, 120_000);

afterAll(async () => {
  console.info(
    `entrées hostiles : ${compte.requetes} requêtes, ${compte.cinqCents} × 5xx, ${compte.refusees} refusées en 400`,
  );
  await ctx.close();
});

const aFuzzer = () =>
  routes.filter(
    (r) =>
      !HORS_SUITE.has(r.cle) &&
      !r.url.startsWith('/api/docs') &&
      (r.params || r.querystring || r.body || CORPS_MANUELS[r.cle]),
  );

describe('bad input derived from each route schema (fast-check)', () => {
  it('the suite covers routes: the generated list is not empty and names the pushes', () => {
    const cles = aFuzzer().map((r) => r.cle);
    expect(cles.length).toBeGreaterThan(60);
    expect(cles).toContain('POST /api/synchro/morale');
    expect(cles).toContain('POST /api/auth/login');
  });

  it('every route with a schema: never a 5xx; refused input is a French 400 naming the field', async () => {
    const ecarts: string[] = [];
    for (const route of aFuzzer()) {
      const schemas: Partial<Record<Partie, z.ZodType>> = {
        params: route.params,
        querystring: route.querystring,
        body: route.body ?? CORPS_MANUELS[route.cle],
      };
      const base: Partial<Record<Partie, unknown>> = {};
      for (const [partie, schema] of Object.entries(schemas) as [Partie, z.ZodType | undefined][]) {
        if (!schema) continue;
        const v =
          partie === 'body' && route.cle in EXEMPLES_CORPS
            ? EXEMPLES_CORPS[route.cle]
            : exempleValide(schema, partie !== 'body');
        if (v === undefined) throw new Error(`${route.cle} : aucun ${partie} valide généré`);
        base[partie] = v;
      }
      const parties = Object.keys(base) as Partie[];
      const mutation = fc.constantFrom(...parties).chain((partie) =>
        fc.record({
          partie: fc.constant(partie),
          chemin: fc.constantFrom(...chemins(base[partie])),
          action: fc.oneof(
            {
              weight: 4,
              arbitrary: hostile.map((valeur): Action => ({ type: 'remplacer', valeur })),
            },
            { weight: 1, arbitrary: fc.constant<Action>({ type: 'supprimer' }) },
          ),
        }),
      );

      await fc.assert(
        fc.asyncProperty(mutation, async ({ partie, chemin, action }) => {
          const cassee = appliquer(base[partie], chemin, action);
          const envoi = { ...base, [partie]: partie === 'body' ? cassee : enTexte(cassee) };
          // A path parameter is one text: an array lands there joined.
          const params = Object.fromEntries(
            Object.entries((envoi.params ?? {}) as Record<string, string | string[]>).map(
              ([k, v]) => [k, Array.isArray(v) ? v.join(',') : v],
            ),
          );
          if (envoi.params) envoi.params = params;
          const url = route.url.replace(/:([A-Za-z]+)/g, (_, nom: string) =>
            encoder(params[nom] ?? ''),
          );
          const query = envoi.querystring as Record<string, string | string[]> | undefined;
          const chaine = query
            ? Object.entries(query)
                .flatMap(([k, v]) =>
                  (Array.isArray(v) ? v : [v]).map((x) => `${encoder(k)}=${encoder(x)}`),
                )
                .join('&')
            : '';
          compte.requetes++;
          const res = await ctx.app.inject({
            method: route.methode as 'POST',
            url: chaine ? `${url}?${chaine}` : url,
            headers: bearer(jeton),
            ...(envoi.body !== undefined
              ? {
                  payload: JSON.stringify(envoi.body),
                  headers: { ...bearer(jeton), 'content-type': 'application/json' },
                }
              : {}),
          });
          const trace = `${route.cle} ${partie} ${JSON.stringify(chemin)} ${action.type} → ${res.statusCode}`;
          if (res.statusCode >= 500) {
            compte.cinqCents++;
            ecarts.push(`${trace} ${res.body.slice(0, 200)}`);
            return;
          }
          if (res.statusCode === 400) compte.refusees++;
          const corps = res.headers['content-type']?.toString().includes('json')
            ? res.json<{
                message?: string;
                fieldErrors?: { field: string; defaultMessage: string }[];
              }>()
            : {};
          if (res.statusCode >= 400) {
            const textes = [
              corps.message ?? '',
              ...(corps.fieldErrors ?? []).map((f) => f.defaultMessage),
            ];
            if (!corps.message || textes.some((t) => ANGLAIS.test(t)))
              ecarts.push(`${trace} message : ${res.body.slice(0, 200)}`);
          }
          // A value the schema refuses, or that PostgreSQL could not store, is a field error.
          // An empty path parameter is another URL (404); in a URL a lone surrogate arrives as
          // U+FFFD or a bad escape: the schema's verdict on the sent value does not apply there.
          const vide = partie === 'params' && Object.values(params).some((v) => v === '');
          const texteModifie = partie !== 'body' && surrogatSeul(envoi[partie]);
          const schema = schemas[partie];
          const refuse =
            (schema !== undefined && !schema.safeParse(envoi[partie]).success) ||
            (!route.entreeBrute && premierIndesirable(envoi[partie]) !== null);
          // A path parameter over the router's maxParamLength is refused before the schema; so
          // is a body that tries prototype poisoning (`constructor.prototype`: JSON refused).
          const code = (corps as { code?: string }).code;
          const tropLong =
            (partie === 'params' && code === 'FST_ERR_MAX_PARAM_LENGTH') ||
            (partie === 'body' && code === 'FST_ERR_CTP_INVALID_JSON_BODY');
          if (
            refuse &&
            !vide &&
            !texteModifie &&
            !tropLong &&
            !route.entreeBrute &&
            !CREDENTIEL.has(route.cle)
          ) {
            // A rule on the whole body ('Aucune modification') is a global error.
            const erreurs = [
              ...(corps.fieldErrors ?? []),
              ...((corps as { globalErrors?: string[] }).globalErrors ?? []),
            ];
            if (res.statusCode !== 400 || erreurs.length === 0)
              ecarts.push(
                `${trace} : 400 avec fieldErrors attendu, reçu ${res.body.slice(0, 160)}`,
              );
          }
        }),
        { numRuns: RUNS, seed: 1313, endOnFailure: true },
      );
    }
    if (ecarts.length) console.error(ecarts.join('\n'));
    expect(ecarts.slice(0, 20).join('\n')).toBe('');
  }, 600_000);
});
