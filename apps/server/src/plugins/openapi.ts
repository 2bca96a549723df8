import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { champDe, estObjet } from '@estive/domain';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Estive API',
        description: 'Contrôles des AOP-IGP laitières',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: nullSelonOpenApi303,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * zod's `openapi-3.0` target writes a nullable value in two ways OpenAPI 3.0.3 reads otherwise:
 * - `z.enum([...]).nullable()` as `{ type, enum: [...], nullable: true }`: `enum` is the whole
 *   list of values, so the `null` the answer carries is outside it (a strict validator refuses it);
 * - a nullable value with no `type` (`z.unknown().nullable()`, a nullable union) as `nullable`
 *   beside no `type`, where 3.0.3 gives `nullable` no effect (and Ajv refuses the schema).
 * Both are written the 3.0.3 way here, where the document is generated, for every schema of the
 * route (params, query, body, answers).
 */
const nullSelonOpenApi303: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const { response, ...entrees } = estObjet(schema) ? schema : {};
  for (const s of Object.values(entrees)) nullSelon303(s);
  if (estObjet(response)) {
    // A 204 has no body: a schema of type 'null' is the one @fastify/swagger writes without content.
    if ('204' in response) response['204'] = { type: 'null', description: 'Aucun contenu' };
    for (const reponse of Object.values(response)) {
      const contenu = champDe(reponse, 'content');
      if (typeof contenu !== 'object' || contenu === null) nullSelon303(reponse);
      else for (const type of Object.values(contenu)) nullSelon303(champDe(type, 'schema'));
    }
  }
  return { schema, url };
};

/** The `null` branch zod itself writes for `z.null()` in OpenAPI 3.0. */
const BRANCHE_NULL = { type: 'string', nullable: true, enum: [null] };

/** Walks the positions that hold subschemas only: a property may be called `enum` or `nullable`. */
function nullSelon303(s: unknown): void {
  if (!estObjet(s)) return;
  const o = s;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum.push(null);
  if (o.nullable === true && o.type === undefined) {
    delete o.nullable;
    const variantes = o.anyOf ?? o.oneOf;
    // Without `type` nor branches the schema admits null already; with branches, one more.
    if (Array.isArray(variantes)) variantes.push({ ...BRANCHE_NULL, enum: [null] });
  }
  if (typeof o.properties === 'object' && o.properties !== null) {
    for (const p of Object.values(o.properties)) nullSelon303(p);
  }
  for (const cle of ['items', 'additionalProperties', 'not']) nullSelon303(o[cle]);
  for (const cle of ['allOf', 'anyOf', 'oneOf']) {
    const liste = o[cle];
    if (Array.isArray(liste)) for (const x of liste) nullSelon303(x);
  }
}
