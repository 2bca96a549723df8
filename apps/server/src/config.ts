import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(8).default(8),
  /** Default true, development included: browsers keep a Secure cookie on http://localhost. */
  COOKIE_SECURE: z.stringbool().default(true),
  /** In production the embedded database must be asked for by name: a forgotten DATABASE_URL
   * would otherwise start an empty PGlite beside the real data. */
  EMBEDDED_DATABASE: z.stringbool().default(false),
  /** Addresses of the reverse proxies whose X-Forwarded-For gives the client address
   * (comma-separated IPs or CIDRs, e.g. `127.0.0.1`); unset: the socket's address. */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Failed (or in-flight) login attempts per client address per minute; successes do not count
   * (many devices of one ODG share a NAT address). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Logins in a row on one account from devices it never signed in on, before each further
   * one waits (1 s, 2 s, 4 s… up to a minute); the owner's known device is exempt. */
  LOGIN_ECHECS_PAR_COMPTE: z.coerce.number().int().positive().default(10),
  /** Logins in a row on one account from one address before each further one waits (1 s, 2 s,
   * 4 s… up to the window). */
  LOGIN_ECHECS_PAR_ADRESSE_ET_COMPTE: z.coerce.number().int().positive().default(5),
  /** A series of failed logins is forgotten this long after its last attempt. */
  LOGIN_FENETRE_COMPTE_MINUTES: z.coerce.number().int().positive().default(15),
  /** A refresh token used less than this long ago gives its successor again (lost answer). */
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Seed demo data when the embedded database is empty (never on DATABASE_URL: use `npm run demo`). */
  SEED_DEMO: z.stringbool().default(true),
  /** Bearer token the Prometheus scraper sends to `/api/actuator/prometheus`; absent: closed. */
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN : au moins 24 caractères').optional(),
  /** Outgoing mail (`smtp://user:pass@host:587`, `smtps://…`); absent: messages go to the log. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Estive <ne-pas-repondre@estive.local>'),
  /** Address of the app, written in invitation mails. */
  PUBLIC_URL: z.url().optional(),
  /** Scheduled tasks (settings 'Tâches') run in this process; false on extra API nodes is fine. */
  TACHES_PLANIFIEES: z.stringbool().default(true),
  /** Stored pushes left unjudged (crash, restart) are resumed by this process, under a lease. */
  REPRISE_INBOX: z.stringbool().default(true),
  /**
   * The directory snapshots prepared in the background: every ODG's built at start, before the
   * first device asks, and each compressed again at brotli's best once served.
   */
  INSTANTANES_PRECHAUFFES: z.stringbool().default(true),
  /** OpenID Connect provider (ProConnect or another); absent: no federated sign-in, no button. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** Absent: a public client (PKCE only), which ProConnect does not register. */
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().min(1).default('openid email'),
  /** e.g. `eidas1` for ProConnect; absent: not asked. */
  OIDC_ACR_VALUES: z.string().min(1).optional(),
  /** Shown on the button: « Se connecter avec {OIDC_LIBELLE} ». */
  OIDC_LIBELLE: z.string().min(1).max(60).default('ProConnect'),
  /** The provider only gives verified addresses but sends no `email_verified` (check its docs). */
  OIDC_EMAIL_VERIFIE: z.stringbool().default(false),
  /** Leeway on the ID token's dates, for clocks a little apart. */
  OIDC_TOLERANCE_HORLOGE_SECONDES: z.coerce.number().int().min(0).max(300).default(30),
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  acrValues: string | undefined;
  libelle: string;
  emailToujoursVerifie: boolean;
  toleranceHorlogeSecondes: number;
  /** Registered at the provider: `{PUBLIC_URL}/api/auth/oidc/callback`. */
  redirectUri: string;
  /** Registered at the provider: `{PUBLIC_URL}/login`. */
  postLogoutRedirectUri: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Absent: embedded PGlite under `dataDir/pglite`; `memory://` in tests. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  jwtSecret: Uint8Array<ArrayBuffer>;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  loginRateLimitPerMinute: number;
  loginEchecsParCompte: number;
  loginEchecsParAdresseEtCompte: number;
  loginFenetreCompteMs: number;
  refreshGraceMs: number;
  trustProxy: string | undefined;
  logLevel: string;
  webDist: string;
  seedDemo: boolean;
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  tachesPlanifiees: boolean;
  repriseInbox: boolean;
  /** The directory snapshots built at start and compressed at best in the background (issue 29). */
  instantanesPrechauffes: boolean;
  /** Absent: federated sign-in off (the sign-in page shows no button). */
  oidc: OidcConfig | undefined;
}

/** Reads and validates the environment once at boot: a bad variable stops the server with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuration invalide — ${details}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') refuseUnsafeProduction(e);
  // npm runs workspace scripts from the workspace folder; relative paths are the caller's.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? localSecret(dataDir)),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginEchecsParCompte: e.LOGIN_ECHECS_PAR_COMPTE,
    loginEchecsParAdresseEtCompte: e.LOGIN_ECHECS_PAR_ADRESSE_ET_COMPTE,
    loginFenetreCompteMs: e.LOGIN_FENETRE_COMPTE_MINUTES * 60_000,
    refreshGraceMs: e.REFRESH_GRACE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    seedDemo: e.SEED_DEMO,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    tachesPlanifiees: e.TACHES_PLANIFIEES && e.NODE_ENV !== 'test',
    repriseInbox: e.REPRISE_INBOX && e.NODE_ENV !== 'test',
    instantanesPrechauffes: e.INSTANTANES_PRECHAUFFES && e.NODE_ENV !== 'test',
    oidc: oidcConfig(e),
  };
}

/** Both the issuer and the client id, and the public address the provider sends users back to. */
function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | undefined {
  if (!e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) return undefined;
  const problems: string[] = [];
  if (!e.OIDC_ISSUER) problems.push('OIDC_ISSUER est obligatoire avec OIDC_CLIENT_ID');
  if (!e.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID est obligatoire avec OIDC_ISSUER');
  if (!e.PUBLIC_URL)
    problems.push('PUBLIC_URL est obligatoire avec OIDC_ISSUER (adresse de retour)');
  if (e.NODE_ENV === 'production' && e.OIDC_ISSUER?.startsWith('http:')) {
    problems.push('OIDC_ISSUER doit être en https en production');
  }
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    problems.push('OIDC_SCOPES doit contenir openid');
  }
  if (problems.length > 0 || !e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.PUBLIC_URL) {
    throw new Error(`Configuration invalide — ${problems.join('; ')}`);
  }
  const base = e.PUBLIC_URL.replace(/\/+$/, '');
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    scopes: e.OIDC_SCOPES.trim(),
    acrValues: e.OIDC_ACR_VALUES,
    libelle: e.OIDC_LIBELLE,
    emailToujoursVerifie: e.OIDC_EMAIL_VERIFIE,
    toleranceHorlogeSecondes: e.OIDC_TOLERANCE_HORLOGE_SECONDES,
    redirectUri: `${base}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${base}/login`,
  };
}

/**
 * Production refuses what only a laptop may do: a secret generated beside the data (each node
 * would have its own), an embedded database nobody asked for, refresh cookies over plain http.
 */
function refuseUnsafeProduction(e: z.infer<typeof envSchema>): void {
  const problems: string[] = [];
  if (!e.JWT_SECRET) problems.push('JWT_SECRET est obligatoire (au moins 32 caractères)');
  if (!e.DATABASE_URL && !e.EMBEDDED_DATABASE) {
    problems.push(
      'DATABASE_URL est obligatoire (ou EMBEDDED_DATABASE=true pour la base embarquée PGlite)',
    );
  }
  if (!e.COOKIE_SECURE) {
    problems.push('COOKIE_SECURE=false est refusé (le cookie de session exige HTTPS)');
  }
  if (problems.length > 0) {
    throw new Error(`Configuration invalide en production — ${problems.join('; ')}`);
  }
}

/** Without JWT_SECRET, a secret is generated once and kept beside the embedded database. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
