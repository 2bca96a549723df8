import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The OpenAPI document the server serves, read with OpenAPI 3.0.3's own schema rules by Ajv: the
 * keywords of the Schema Object only, `nullable` only beside a `type`, the draft-04 boolean
 * `exclusiveMinimum`/`exclusiveMaximum`. Ajv speaks JSON Schema draft-07; the schema is checked and
 * translated here so that what it accepts is what a 3.0.3 client may expect.
 */

export interface Operation {
  /** 'GET /api/tournee/:id': the route table's key. */
  cle: string;
  /** '/api/tournee/{id}': the document's path. */
  chemin: string;
  /** The 200 answer's JSON schema, as the document gives it. */
  schema: unknown;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, OperationObject | undefined>>;
}
type Contenu = Record<string, { schema?: unknown }>;
interface OperationObject {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Contenu };
  responses?: Record<string, { content?: Contenu } | undefined>;
}

/** Every schema of the document (parameters, bodies, answers of every operation), by place. */
export function schemasDuDocument(doc: Document): { ou: string; schema: unknown }[] {
  const schemas: { ou: string; schema: unknown }[] = [];
  for (const [chemin, methodes] of Object.entries(doc.paths)) {
    for (const [methode, op] of Object.entries(methodes)) {
      const ici = `${methode.toUpperCase()} ${chemin}`;
      for (const p of op?.parameters ?? []) {
        schemas.push({ ou: `${ici} ${p.in} ${p.name}`, schema: p.schema });
      }
      for (const [type, c] of Object.entries(op?.requestBody?.content ?? {})) {
        schemas.push({ ou: `${ici} corps ${type}`, schema: c.schema });
      }
      for (const [statut, r] of Object.entries(op?.responses ?? {})) {
        for (const [type, c] of Object.entries(r?.content ?? {})) {
          schemas.push({ ou: `${ici} ${statut} ${type}`, schema: c.schema });
        }
      }
    }
  }
  return schemas;
}

/** Every GET whose 200 answer is JSON, in the document's order. */
export function operationsGetJson(doc: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [chemin, methodes] of Object.entries(doc.paths)) {
    const contenu = methodes.get?.responses?.['200']?.content ?? {};
    const json = Object.entries(contenu).find(([type]) => /json/.test(type));
    if (!json) continue;
    operations.push({
      cle: `GET ${chemin.replace(/\{([^}]+)\}/g, ':$1')}`,
      chemin,
      schema: json[1].schema,
    });
  }
  return operations;
}

/** The Schema Object's keywords (OpenAPI 3.0.3 §4.7.24); `x-` extensions are allowed as well. */
const MOTS_OPENAPI_30 = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
  '$ref',
]);
const TYPES_OPENAPI_30 = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

type Schema = Record<string, unknown>;
const estSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null;

/**
 * The schema in draft-07 terms, or the places where it leaves OpenAPI 3.0.3 (a keyword it lacks,
 * a `type` list or `null`, a `nullable` without `type`).
 */
export function versDraft07(s: unknown, ou = '#'): { schema: unknown; ecarts: string[] } {
  const ecarts: string[] = [];
  const traduire = (x: unknown, ici: string): unknown => {
    if (!estSchema(x)) {
      ecarts.push(`${ici} : pas un schéma`);
      return x;
    }
    const sortie: Schema = {};
    for (const [cle, v] of Object.entries(x)) {
      if (cle.startsWith('x-')) continue;
      if (!MOTS_OPENAPI_30.has(cle)) ecarts.push(`${ici} : mot-clé « ${cle} » hors OpenAPI 3.0`);
      else if (cle === 'properties' && estSchema(v)) {
        sortie[cle] = Object.fromEntries(
          Object.entries(v).map(([nom, p]) => [nom, traduire(p, `${ici}/properties/${nom}`)]),
        );
      } else if (
        ['items', 'not'].includes(cle) ||
        (cle === 'additionalProperties' && estSchema(v))
      ) {
        sortie[cle] = traduire(v, `${ici}/${cle}`);
      } else if (['allOf', 'anyOf', 'oneOf'].includes(cle) && Array.isArray(v)) {
        sortie[cle] = v.map((b, i) => traduire(b, `${ici}/${cle}/${String(i)}`));
      } else sortie[cle] = v;
    }
    if (x.type !== undefined && !(typeof x.type === 'string' && TYPES_OPENAPI_30.has(x.type))) {
      ecarts.push(`${ici} : type ${JSON.stringify(x.type)} hors OpenAPI 3.0`);
    }
    if (x.nullable !== undefined && x.type === undefined) {
      // 3.0.3: `nullable` adds null to the `type` beside it, and only then.
      ecarts.push(`${ici} : « nullable » sans « type »`);
    }
    // Draft-04 booleans (3.0.3) become draft-07 bounds.
    const retires = new Set<string>();
    for (const [exclusif, borne] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (x[exclusif] === true) {
        sortie[exclusif] = x[borne];
        retires.add(borne);
      } else if (x[exclusif] === false) retires.add(exclusif);
      else if (x[exclusif] !== undefined) ecarts.push(`${ici} : ${exclusif} non booléen`);
    }
    return Object.fromEntries(Object.entries(sortie).filter(([cle]) => !retires.has(cle)));
  };
  return { schema: traduire(s, ou), ecarts };
}

/** Ajv in strict mode: an unknown keyword or format, or a contradiction, fails to compile. */
export function validateurStrict(): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  return (schema) => ajv.compile(schema as Schema);
}
