import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { createTestApp, type TestContext } from './test-app';

/**
 * The route table as Fastify registers it (onRoute), for the suites that must cover every endpoint,
 * including those added later: the authorisation matrix and the bad-input suite.
 */
export interface Route {
  /** 'GET /api/panier': the key the suites' tables use. */
  cle: string;
  methode: string;
  url: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Takes what a device sent as it is (the pushes): no global input check before it. */
  entreeBrute: boolean;
  /** A multipart body (`consumes`), not JSON. */
  multipart: boolean;
}

const estZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

export async function appAvecRoutes(
  env: NodeJS.ProcessEnv = {},
): Promise<{ ctx: TestContext; routes: Route[] }> {
  const brutes: RouteOptions[] = [];
  const ctx = await createTestApp(env, { onRoute: (r) => brutes.push(r) });
  await ctx.app.ready();
  const routes: Route[] = [];
  for (const r of brutes) {
    // HEAD answers with its GET's handler and checks: the GET covers it.
    const methodes = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
    for (const methode of methodes) {
      const schema = (r.schema ?? {}) as Record<string, unknown>;
      routes.push({
        cle: `${methode} ${r.url}`,
        methode,
        url: r.url,
        params: estZod(schema.params) ? schema.params : undefined,
        querystring: estZod(schema.querystring) ? schema.querystring : undefined,
        body: estZod(schema.body) ? schema.body : undefined,
        entreeBrute: r.config?.entreeBrute === true,
        multipart:
          Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data'),
      });
    }
  }
  return { ctx, routes };
}

/** A JSON Schema as zod 4 writes it (the subset the contracts use). */
export interface Js {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  prefixItems?: Js[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  $ref?: string;
  $defs?: Record<string, Js>;
}

export function jsonSchema(schema: z.ZodType): Js {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Js;
}

/** Values the schema describes, small ones: a start for valid samples. */
export function arbitraire(s: Js, racine: Js = s, profondeur = 0): fc.Arbitrary<unknown> {
  if (s.$ref) {
    const nom = s.$ref.replace(/^#\/\$defs\//, '');
    const cible = racine.$defs?.[nom];
    if (!cible || profondeur > 6) return fc.constant(null);
    return arbitraire(cible, racine, profondeur + 1);
  }
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variantes = s.anyOf ?? s.oneOf;
  if (variantes) return fc.oneof(...variantes.map((v) => arbitraire(v, racine, profondeur + 1)));
  if (s.allOf?.[0]) return arbitraire(s.allOf[0], racine, profondeur + 1);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => arbitraire({ ...s, type }, racine, profondeur)));
  }
  const type = types[0] ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = Math.max(
        min,
        s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000),
      );
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 1000)) });
    }
    case 'string':
      return chaine(s);
    case 'array': {
      if (s.prefixItems) {
        return fc.tuple(...s.prefixItems.map((p) => arbitraire(p, racine, profondeur + 1)));
      }
      const minLength = s.minItems ?? 0;
      return fc.array(s.items ? arbitraire(s.items, racine, profondeur + 1) : fc.constant(null), {
        minLength,
        maxLength: Math.min(s.maxItems ?? minLength + 2, minLength + 2),
      });
    }
    case 'object': {
      const proprietes = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [cle, sous] of Object.entries(proprietes)) {
        record[cle] = arbitraire(sous, racine, profondeur + 1);
      }
      return fc.record(record, { requiredKeys: s.required ?? [] });
    }
    // No type, or one this generator does not know: whatever JSON value will do.
    case undefined:
    default:
      return fc.constant('x');
  }
}

function chaine(s: Js): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 20, min + 20));
  const dans = (x: string) => x.length >= min && x.length <= (s.maxLength ?? Infinity);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(dans);
  switch (s.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.constant('exemple@estive.test');
    case undefined: // plain text
    default:
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
  }
}

/**
 * Query and params as the validator receives them: text, arrays as repeated keys (so an empty
 * array is no key at all, and a one-element array is one value).
 */
export function enTexte(valeur: unknown): Record<string, string | string[]> {
  const sortie: Record<string, string | string[]> = {};
  if (typeof valeur !== 'object' || valeur === null) return sortie;
  const texte = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
  for (const [cle, v] of Object.entries(valeur)) {
    if (v === undefined) continue;
    if (!Array.isArray(v)) sortie[cle] = texte(v);
    else if (v.length === 1) sortie[cle] = texte(v[0]);
    else if (v.length > 1) sortie[cle] = v.map(texte);
  }
  return sortie;
}

/** Valid bodies the generator cannot find alone (a SIRET's checksum): by route. */
export const EXEMPLES_CORPS: Record<string, unknown> = {
  'POST /api/personne-morale': {
    raisonSociale: 'Fromagerie de la matrice',
    siret: '73282932000074',
  },
  // A SIRET the demo does not hold (404): the generator finds no valid SIRET by itself.
  'POST /api/personne-morale/existant/habilitation': {
    siret: '73282932000074',
    aopIgpId: '1',
    activiteIds: ['1'],
    dateDi: '2026-03-02',
  },
  'POST /api/utilisateur': {
    mail: 'matrice@odg.test',
    nom: 'Matrice',
    prenom: 'Ada',
    role: 'ROLE_CONTROLEUR',
    odgIds: ['1'],
    motDePasse: 'Matrice-Estive-2026!',
  },
  'POST /api/principal/mot-de-passe': { actuel: 'pas-le-bon', nouveau: 'Matrice-Estive-2026!' },
};

/**
 * A value the zod schema accepts, found among generated ones (same seed each run), or undefined:
 * the suites then ask for an explicit example rather than skip the route.
 */
export function exempleValide(schema: z.ZodType, commeTexte: boolean): unknown {
  const echantillon = fc.sample(arbitraire(jsonSchema(schema)), { numRuns: 200, seed: 13 });
  for (const v of echantillon) {
    const candidat = commeTexte ? enTexte(v) : v;
    if (schema.safeParse(candidat).success) return candidat;
  }
  return undefined;
}

/** '/api/groupe/:id/membre/:personneMoraleId' with its params filled in. */
export function cheminAvec(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, nom: string) => encodeURIComponent(params[nom] ?? ''));
}

export function requete(url: string, query: Record<string, string | string[]> | undefined): string {
  if (!query) return url;
  const p = new URLSearchParams();
  for (const [cle, v] of Object.entries(query)) {
    for (const x of Array.isArray(v) ? v : [v]) p.append(cle, x);
  }
  const texte = p.toString();
  return texte ? `${url}?${texte}` : url;
}
