import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { CLIENT_ID, CLIENT_ID_JSON, CLIENT_SECRET, SCOPES } from './fournisseur-oidc.constantes';

/**
 * A real OpenID Connect provider (panva's oidc-provider) for the tests, in the test's process on a
 * port of its own: the server under test reaches it over HTTP as it would reach ProConnect. Its
 * sign-in page is a minimal form (an identifier, no password): the account signed in is the
 * identifier typed, and its claims are the ones the test gave for it (default: that identifier as
 * a verified email). Used by the server tests and by the e2e run (e2e/global-setup.ts).
 */

export { CLIENT_ID, CLIENT_ID_JSON, CLIENT_SECRET, SCOPES };

export type Revendications = Record<string, string | boolean>;

export interface FournisseurOidc {
  issuer: string;
  /** Claims by identifier; the test changes them between sign-ins. */
  comptes: Map<string, Revendications>;
  /** ID tokens' lifetime in seconds (default an hour). */
  dureeIdToken: number;
  /** Holds each token endpoint answer this long: an ID token of 1 s arrives expired. */
  retardJetonMs: number;
  fermer(): Promise<void>;
}

/** `publicUrl`: the Estive address registered at the provider (redirect and logout URIs). */
export async function demarrerFournisseurOidc(options: {
  publicUrl: string;
  port?: number;
}): Promise<FournisseurOidc> {
  const comptes = new Map<string, Revendications>();
  const etat = { dureeIdToken: 3600, retardJetonMs: 0 };
  const serveur = createServer();
  // Every interface (IPv4 and IPv6): 'localhost' resolves to either, in Node as in Chromium.
  await new Promise<void>((ok) => serveur.listen(options.port ?? 0, ok));
  const port = (serveur.address() as AddressInfo).port;
  const issuer = `http://localhost:${String(port)}`;
  const base = options.publicUrl.replace(/\/+$/, '');
  const client = (clientId: string, signe: boolean) => ({
    client_id: clientId,
    client_secret: CLIENT_SECRET,
    redirect_uris: [`${base}/api/auth/oidc/callback`],
    post_logout_redirect_uris: [`${base}/login`],
    token_endpoint_auth_method: 'client_secret_post' as const,
    id_token_signed_response_alg: 'RS256' as const,
    ...(signe ? { userinfo_signed_response_alg: 'RS256' as const } : {}),
  });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [client(CLIENT_ID, true), client(CLIENT_ID_JSON, false)],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
    cookies: { keys: ['cle-des-cookies-du-fournisseur-de-test'] },
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      given_name: ['given_name'],
      usual_name: ['usual_name'],
      siret: ['siret'],
    },
    acrValues: ['eidas1'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      jwtUserinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource },
    },
    ttl: { IdToken: () => etat.dureeIdToken },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ email: sub, email_verified: true, ...comptes.get(sub), sub }),
    }),
    // No consent screen: the test provider grants what Estive asks.
    async loadExistingGrant(ctx) {
      const { Grant } = ctx.oidc.provider;
      const grant = new Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && etat.retardJetonMs > 0) {
      await new Promise((ok) => setTimeout(ok, etat.retardJetonMs));
    }
  });
  const rappel = provider.callback();
  serveur.on('request', (req, res) => {
    const interaction = /^\/interaction\/([\w-]+)$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!interaction) {
      void rappel(req, res);
      return;
    }
    void (async () => {
      if (req.method === 'POST') {
        const login = new URLSearchParams(await lireCorps(req)).get('login')?.trim() ?? '';
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login, acr: 'eidas1' } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      await provider.interactionDetails(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pageDeConnexion(interaction[1] ?? ''));
    })().catch((e: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(e instanceof Error ? e.message : 'erreur');
    });
  });
  return {
    issuer,
    comptes,
    get dureeIdToken() {
      return etat.dureeIdToken;
    },
    set dureeIdToken(s: number) {
      etat.dureeIdToken = s;
    },
    get retardJetonMs() {
      return etat.retardJetonMs;
    },
    set retardJetonMs(ms: number) {
      etat.retardJetonMs = ms;
    },
    fermer: () => fermerServeur(serveur),
  };
}

function fermerServeur(serveur: Server): Promise<void> {
  serveur.closeAllConnections();
  return new Promise((ok) => serveur.close(() => ok()));
}

async function lireCorps(req: IncomingMessage): Promise<string> {
  const morceaux: Buffer[] = [];
  for await (const m of req) morceaux.push(m as Buffer);
  return Buffer.concat(morceaux).toString('utf8');
}

function pageDeConnexion(uid: string): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Fournisseur de test</title></head>
<body><h1>Fournisseur d'identité de test</h1>
<form method="post" action="/interaction/${encodeURIComponent(uid)}">
<label for="login">Identifiant du fournisseur</label> <input id="login" name="login" autofocus>
<button type="submit">Valider</button></form></body></html>`;
}

function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Déconnexion</title></head>
<body><h1>Se déconnecter du fournisseur de test ?</h1>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Se déconnecter du fournisseur</button>
</body></html>`;
}
