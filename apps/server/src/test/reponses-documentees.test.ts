import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../db/lignes';
import {
  completerDonnees,
  IDENTITES,
  INEXISTANT,
  perimetre,
  type Identite,
} from './autorisations.perimetres';
import { PARAMETRES, ROLES } from './autorisations.routes-table';
import {
  entreesDeDemonstration,
  type Appelant,
  type Entrees,
} from './reponses-documentees.donnees';
import {
  operationsGetJson,
  schemasDuDocument,
  validateurStrict,
  versDraft07,
  type Operation,
} from './openapi.test-helpers';
import {
  appAvecRoutes,
  cheminAvec,
  exempleValide,
  requete,
  type Route,
} from './routes.test-helpers';
import { bearer, login, type TestContext } from './test-app';

/**
 * Issue 31: every answer matches the schema the document declares for it. Each GET of the OpenAPI
 * document the server serves whose 200 answer is JSON is called on the demo data, as an identity
 * allowed to (CNAOL with an active right when the route table lets it), with path ids of its
 * perimeter read from the database, and the answer is validated by Ajv in strict mode against
 * the declared schema read with OpenAPI 3.0.3's rules (openapi.test-helpers).
 */

let ctx: TestContext;
let routes: Route[];
let operations: Operation[];
let schemas: ReturnType<typeof schemasDuDocument>;
const appelants = new Map<string, Appelant>();
const compte = { verifiees: 0, conformes: 0, vides: [] as string[] };

let entrees: Entrees;

beforeAll(async () => {
  ({ ctx, routes } = await appAvecRoutes());
  const db = ctx.database.db;
  // Rows the demo lacks in some ODG (a group, a draw, a conflict, files): each path id has one.
  await completerDonnees(db);
  for (const identite of IDENTITES) {
    if (appelants.has(identite.nom)) continue;
    const [u] = await lignes(
      db,
      sql`select id from utilisateur where login = ${identite.login}`,
      z.object({ id: colonne.entier }),
    );
    if (!u) throw new Error(`${identite.login} absent des données de démonstration`);
    const { accessToken } = await login(ctx.app, identite.login);
    appelants.set(identite.nom, {
      jeton: accessToken,
      perimetre: await perimetre(db, identite, u.id),
    });
  }
  const cnaol = appelants.get('CNAOL sur Comté');
  const controleur = appelants.get('contrôleur Comté');
  if (!cnaol || !controleur) throw new Error('identités CNAOL et contrôleur sur Comté attendues');
  entrees = await entreesDeDemonstration(ctx.app, db, cnaol, controleur);
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (doc.statusCode !== 200) throw new Error(`/api/docs/json : ${String(doc.statusCode)}`);
  operations = operationsGetJson(doc.json());
  schemas = schemasDuDocument(doc.json());
}, 120_000);

afterAll(async () => {
  console.info(
    `réponses documentées : ${String(compte.verifiees)} GET vérifiés, ${String(compte.conformes)} conformes au schéma déclaré (${compte.vides.length ? `vides sur ces données : ${compte.vides.join(', ')}` : 'aucune vide'})`,
  );
  await ctx.close();
});

/** CNAOL first (IDENTITES' order), else the first identity the route table allows. */
function appelantPour(cle: string): Identite {
  const roles = ROLES[cle] ?? ['CNAOL'];
  const identite = IDENTITES.find((i) => roles.includes(i.role));
  if (!identite) throw new Error(`${cle} : aucune identité autorisée`);
  return identite;
}

/** An answer that holds no row at all validates by default: counted, so it shows. */
function estVide(corps: unknown): boolean {
  if (Array.isArray(corps)) return corps.length === 0;
  if (typeof corps !== 'object' || corps === null) return false;
  const listes = Object.values(corps).filter(Array.isArray);
  return (
    listes.length > 0 &&
    listes.length === Object.keys(corps).length &&
    listes.every((l) => l.length === 0)
  );
}

async function verifier(operation: Operation): Promise<string[]> {
  const route = routes.find((r) => r.cle === operation.cle);
  if (!route) return [`${operation.cle} : dans le document, pas dans la table des routes`];
  const identite = appelantPour(operation.cle);
  const appelant = appelants.get(identite.nom);
  if (!appelant) throw new Error(identite.nom);
  const params = {
    ...Object.fromEntries(
      Object.entries(PARAMETRES[operation.cle] ?? {}).map(([nom, r]) => [
        nom,
        appelant.perimetre.propres[r],
      ]),
    ),
    ...entrees.ids[operation.cle],
  };
  const manquants = Object.entries(params).filter(([, id]) => id === INEXISTANT);
  if (route.url.includes(':') && (!PARAMETRES[operation.cle] || manquants.length)) {
    return [`${operation.cle} : aucun id de démonstration pour ${route.url}`];
  }
  // The demo's query when one is given; none when the route needs none; else a generated one.
  const query =
    entrees.requetes[operation.cle] ??
    (route.querystring && !route.querystring.safeParse({}).success
      ? (exempleValide(route.querystring, true) as Record<string, string> | undefined)
      : undefined);
  const res = await ctx.app.inject({
    method: 'GET',
    url: requete(cheminAvec(route.url, params), query),
    headers: bearer(appelant.jeton, appelant.perimetre.droit),
  });
  if (res.statusCode !== 200) {
    return [
      `${operation.cle} (${identite.nom}) : ${String(res.statusCode)} ${res.body.slice(0, 200)}`,
    ];
  }
  compte.verifiees++;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) return [`${operation.cle} : documenté JSON, servi en ${type}`];
  const { schema, ecarts } = versDraft07(operation.schema);
  if (ecarts.length) return ecarts.map((e) => `${operation.cle} : ${e}`);
  let valider;
  try {
    valider = validateurStrict()(schema);
  } catch (e) {
    return [
      `${operation.cle} : schéma refusé par Ajv (${e instanceof Error ? e.message : String(e)})`,
    ];
  }
  const corps: unknown = res.json();
  if (estVide(corps)) compte.vides.push(operation.cle);
  if (valider(corps)) {
    compte.conformes++;
    return [];
  }
  return (valider.errors ?? []).slice(0, 5).map((e) => {
    const valeur = e.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], corps);
    return `${operation.cle} : ${e.instancePath || '/'} ${e.message ?? ''} (${JSON.stringify(e.params)}, reçu ${valeur === undefined ? 'rien' : JSON.stringify(valeur).slice(0, 80)})`;
  });
}

describe('every GET answer matches its declared schema (OpenAPI 3.0.3, Ajv strict)', () => {
  it('the document lists GET operations with a JSON answer, each a registered route', () => {
    expect(operations.length).toBeGreaterThan(50);
    const absentes = operations.filter((o) => !routes.some((r) => r.cle === o.cle));
    expect(absentes.map((o) => o.cle)).toEqual([]);
  });

  it('every schema of the document (parameters, bodies, answers) is OpenAPI 3.0.3 that Ajv compiles', () => {
    const compiler = validateurStrict();
    const ecarts = schemas.flatMap(({ ou, schema }) => {
      const traduit = versDraft07(schema);
      if (traduit.ecarts.length) return traduit.ecarts.map((e) => `${ou} : ${e}`);
      try {
        compiler(traduit.schema);
        return [];
      } catch (e) {
        return [`${ou} : ${e instanceof Error ? e.message : String(e)}`];
      }
    });
    expect(schemas.length).toBeGreaterThan(200);
    expect(ecarts.join('\n')).toBe('');
  });

  it('each answer, called with demo ids, is valid against its 200 schema', async () => {
    const ecarts: string[] = [];
    for (const operation of operations) ecarts.push(...(await verifier(operation)));
    console.info(
      `opérations vérifiées : ${operations.map((o) => o.cle.replace(/^GET /, '')).join(', ')}`,
    );
    expect(ecarts.join('\n')).toBe('');
  });
});
