import { z } from 'zod';
import { messageFrancais } from '@estive/contracts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { LIMITES_FORMULAIRE } from './lib/formulaire-fichier';
import { TAILLE_MAX_FICHIER } from './lib/limits';
import { cacheParGeneration } from './lib/cache-generation';
import { createAuthenticate, lecteurActeurs, type LigneActeur } from './plugins/auth';
import { registerEntreesStockables } from './plugins/entrees';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler, repondreErreurCadre, repondreErreurClient } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { limiteurConnexionPostgres } from './plugins/limiteur-connexion';
import { storePostgres } from './plugins/rate-limit-store';
import { registerWebApp } from './plugins/web';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createOidcClient } from './modules/auth/oidc/oidc.client';
import { createOidcRepository } from './modules/auth/oidc/oidc.repository';
import { oidcRoutes } from './modules/auth/oidc/oidc.routes';
import { createOidcService, politiqueMotDePasseOidc } from './modules/auth/oidc/oidc.service';
import { parametreConnexionRoutes } from './modules/auth/oidc/parametre-connexion.routes';
import { createPrincipalRepository } from './modules/principal/principal.repository';
import { logoRoutes, principalRoutes } from './modules/principal/principal.routes';
import { createPrincipalService } from './modules/principal/principal.service';
import { createSystemRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { createSystemService } from './modules/system/system.service';
import { wsRoutes } from './modules/system/ws.routes';
import { createIndicesService } from './modules/synchro/indices.service';
import { createInboxRepository } from './modules/synchro/inbox.repository';
import { demarrerRepriseInbox } from './modules/synchro/inbox-reprise.job';
import { creerRejeu } from './ops/rejeu';
import { registerFeatureModules } from './modules';

// Validation messages shown to users are French, with the contracts' own for lengths and bounds.
// Set here too: the server's bundler drops the contracts' side-effect-only import of them.
z.config(z.locales.fr());
z.config({ customError: messageFrancais });

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: Config;
  }
}

export interface BuildOptions {
  /** Sees every route as it is registered: the authorisation and bad-input suites walk them all. */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log is written instead of stdout: the test of what the log never holds reads it. */
  journal?: { write(ligne: string): void };
}

/** Builds the whole server on an open, migrated database; tests call it and use `inject`. */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(options.journal ? { stream: options.journal } : {}),
          },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Behind nginx the socket's address is the proxy's: the login limit would count everyone as one.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 2 * TAILLE_MAX_FICHIER,
    clientErrorHandler: repondreErreurClient,
    // A URL Fastify cannot decode is answered before any route or error handler: French here too.
    frameworkErrors: repondreErreurCadre,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('database', database);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerEntreesStockables(app);
  const system = createSystemService(createSystemRepository(database.db), config.webDist);
  const metrics = registerMetrics(app, database, system);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes component styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Before every route: its onSend hook is added to the routes registered after it.
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false, store: storePostgres(database.db) });
  // A form's limits by default (one file, small fields); the push raises them for itself.
  await app.register(multipart, {
    limits: { fileSize: TAILLE_MAX_FICHIER, ...LIMITES_FORMULAIRE },
  });
  await app.register(websocket);
  await registerOpenApi(app);

  const { db } = database;
  const authRepository = createAuthRepository(db);
  const oidcRepository = createOidcRepository(db);
  const authService = createAuthService(
    authRepository,
    config,
    limiteurConnexionPostgres(db, {
      adresse: { max: config.loginRateLimitPerMinute, fenetreMs: 60_000 },
      compte: { max: config.loginEchecsParCompte, fenetreMs: config.loginFenetreCompteMs },
      paire: { max: config.loginEchecsParAdresseEtCompte, fenetreMs: config.loginFenetreCompteMs },
    }),
    politiqueMotDePasseOidc(oidcRepository, config.oidc),
  );
  const oidcService = createOidcService(oidcRepository, authService, config, app.log);
  const oidcClient = config.oidc ? createOidcClient(config.oidc, config.jwtSecret) : undefined;

  await app.register(systemRoutes(system, metrics, config.metricsToken));
  await app.register(
    authRoutes(authService, config, (family) =>
      oidcClient
        ? oidcService.finDeSession(family, (t) => oidcClient.finDeSession(t))
        : Promise.resolve(undefined),
    ),
  );
  await app.register(oidcRoutes(oidcClient, oidcService, config));
  // Sync hints heard from the database (every node's writes), passed on to this node's sockets.
  const indices = await createIndicesService(database, (e) =>
    app.log.warn({ err: e }, 'écoute des indices de synchronisation interrompue'),
  );
  app.addHook('onClose', () => indices.arreter());
  await app.register(
    wsRoutes(authService, indices, async (uuid, sid) => {
      const acteur = await authRepository.acteurDuJeton(uuid, undefined, sid);
      if (acteur && !acteur.utilisateur.actif) return 'desactive';
      return acteur && !acteur.sessionRevoquee ? 'actif' : 'session-fermee';
    }),
  );
  // Entries also expire after a minute: a bound should a write ever go unheard all the same.
  const lireActeur = lecteurActeurs(
    authRepository,
    cacheParGeneration<LigneActeur>(database.acteurs, { dureeMs: 60_000, max: 10_000 }),
  );
  const principalService = createPrincipalService(createPrincipalRepository(db));
  await app.register(logoRoutes(principalService));
  await app.register(async (secured) => {
    secured.addHook('onRequest', createAuthenticate(authService, lireActeur));
    await secured.register(principalRoutes(principalService));
    await secured.register(parametreConnexionRoutes(oidcService));
    await registerFeatureModules(secured, db);
  });
  if (config.repriseInbox) {
    const rejeu = creerRejeu(db, app.log);
    const reprise = demarrerRepriseInbox(
      createInboxRepository(db),
      (id) => rejeu.rejouer(id),
      app.log,
    );
    app.addHook('onClose', async () => reprise.arreter());
  }

  await registerWebApp(app, config.webDist);
  return app;
}
