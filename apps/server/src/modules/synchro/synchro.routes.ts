import type { FastifyInstance } from 'fastify';
import { HEADER_APP_VERSION, LIMITES_PUSH } from '@estive/contracts';
import { routeur } from '../../lib/route';
import type { FeedsService } from './feeds.service';
import { corpsPourEncodage, type InstantaneService } from './instantane.service';
import { lireMultipart, tropVolumineux } from './multipart';
import type { NumerosRapportService } from './numeros-rapport.service';
import type { PushControleService } from './push-controle.service';
import type { PushMoraleService } from './push-morale.service';

const appVersion = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** The synchronisation calls of spec part 2 §7 (docs/architecture.md §5). */
export function synchroRoutes(services: {
  feeds: FeedsService;
  instantane: InstantaneService;
  controles: PushControleService;
  morales: PushMoraleService;
  numeros: NumerosRapportService;
}) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['synchro']);
    const { feeds } = services;

    route('GET /api/synchro/tournee', (r) => feeds.tirer(r.acteur, 'tournee', r.query));
    route('GET /api/synchro/controle', (r) => feeds.tirer(r.acteur, 'controle', r.query));
    route('GET /api/synchro/frontlogs', (r) => feeds.tirer(r.acteur, 'frontlogs', r.query));
    route('GET /api/synchro/manquement', (r) => feeds.tirer(r.acteur, 'manquement', r.query));
    route('GET /api/synchro/groupesysexp', (r) => feeds.tirer(r.acteur, 'groupesysexp', r.query));
    route('GET /api/synchro/pointsysexp', (r) => feeds.tirer(r.acteur, 'pointsysexp', r.query));
    route('GET /api/synchro/categorie', (r) => feeds.tirer(r.acteur, 'categorie', r.query));
    route('GET /api/synchro/categorie-activite', (r) =>
      feeds.tirer(r.acteur, 'categorie-activite', r.query),
    );
    route('GET /api/synchro/activite-aop', (r) => feeds.tirer(r.acteur, 'activite-aop', r.query));
    route('GET /api/synchro/point-controle', (r) =>
      feeds.tirer(r.acteur, 'point-controle', r.query),
    );
    route('GET /api/synchro/point-controle-aop', (r) =>
      feeds.tirer(r.acteur, 'point-controle-aop', r.query),
    );
    route('GET /api/synchro/organisme-certificateur', (r) =>
      feeds.tirer(r.acteur, 'organisme-certificateur', r.query),
    );
    route('GET /api/synchro/referentiels', (r) => feeds.tirer(r.acteur, 'referentiels', r.query));

    // The directory's answer is JSON text written by PostgreSQL, sent as it is: the schema stays
    // for validation of the query and for the OpenAPI document, the serialiser is not run (a
    // string payload with a JSON content type is sent untouched).
    route('GET /api/synchro/annuaire-morale', async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await feeds.tirerAnnuaireJson(request.acteur, request.query)),
    );

    route('GET /api/synchro/annuaire-morale/instantane', (request) =>
      services.instantane.manifeste(request.acteur),
    );
    // A part is sent as stored, compressed once: no serialiser, no compression per request.
    route('GET /api/synchro/annuaire-morale/instantane/{cle}/{partie}', async (request, reply) => {
      const partie = await services.instantane.partie(
        request.acteur,
        request.params.cle,
        request.params.partie,
      );
      const { encodage, corps } = await corpsPourEncodage(
        partie,
        request.headers['accept-encoding'],
      );
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', 'private, no-store');
      if (encodage) reply.header('Content-Encoding', encodage);
      return reply.send(corps);
    });

    route('GET /api/synchro/controle-recheck', (request) =>
      feeds.reverifier(request.acteur, request.query.reCheckIds),
    );

    route(
      'POST /api/synchro/controle',
      async (request) => {
        const { data, fichiers } = await lireMultipart(request);
        return services.controles.pousser(request.acteur, {
          data,
          fichiers,
          appVersion: appVersion(request.headers[HEADER_APP_VERSION]),
        });
      },
      {
        config: { entreeBrute: true },
        // Refused before its body is read when the device announces more than the limit.
        onRequest: async (request) => {
          const annonce = Number(request.headers['content-length']);
          if (annonce > LIMITES_PUSH.octets + 1_000_000) throw tropVolumineux();
        },
      },
    );

    route('POST /api/synchro/nouveautes', (request) =>
      feeds.nouveautes(request.acteur, request.body),
    );

    route('POST /api/synchro/numeros-rapport', (request) =>
      services.numeros.reserver(request.acteur, request.body.nombre),
    );

    route(
      'POST /api/synchro/morale',
      (request) =>
        services.morales.pousserMorales(
          request.acteur,
          request.body.morales,
          appVersion(request.headers[HEADER_APP_VERSION]),
        ),
      { config: { entreeBrute: true } },
    );

    route(
      'POST /api/synchro/frontlogs',
      (request) =>
        services.morales.pousserJournaux(
          request.acteur,
          request.body.logs,
          appVersion(request.headers[HEADER_APP_VERSION]),
        ),
      { config: { entreeBrute: true } },
    );
  };
}
