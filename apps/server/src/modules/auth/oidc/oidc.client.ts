import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../../../config';

/** What the browser carries from the redirect to the callback, encrypted in a short cookie. */
export interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
}

/** The identity the provider vouched for, from the checked ID token and the userinfo answer. */
export interface IdentiteFournisseur {
  issuer: string;
  sub: string;
  email: string | undefined;
  emailVerifie: boolean;
  siret: string | undefined;
  idToken: string;
}

/** The provider could not be reached (discovery, token endpoint): not the user's fault. */
export class FournisseurInjoignable extends Error {}
/** The provider answered `error=…` to the authorization request (the user cancelled, mostly). */
export class ConnexionAnnulee extends Error {}

const DUREE_TRANSACTION_S = 600;

/**
 * The relying party, on openid-client 6 (PKCE S256, state, nonce; issuer, audience, dates and
 * signatures checked by the library). The provider's metadata is discovered at the first sign-in,
 * not at boot: a provider down when Estive starts must not stop it.
 */
export function createOidcClient(oidc: OidcConfig, jwtSecret: Uint8Array) {
  let decouverte: Promise<client.Configuration> | undefined;
  const cleTransaction = createHash('sha256')
    .update('estive:oidc-transaction:')
    .update(jwtSecret)
    .digest();

  function configuration(): Promise<client.Configuration> {
    decouverte ??= (async () => {
      const url = new URL(oidc.issuer);
      const config = await client.discovery(
        url,
        oidc.clientId,
        {
          ...(oidc.clientSecret ? { client_secret: oidc.clientSecret } : {}),
          [client.clockTolerance]: oidc.toleranceHorlogeSecondes,
        },
        oidc.clientSecret ? client.ClientSecretPost(oidc.clientSecret) : client.None(),
        {
          // Plain http only for a provider on this machine (tests); production refuses it (config).
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated to stand out: meant for this
          execute: url.protocol === 'http:' ? [client.allowInsecureRequests] : [],
          timeout: 10,
        },
      );
      // Signatures of the ID token and of a signed userinfo are checked against the provider's
      // keys, not only trusted for having come over TLS.
      client.enableNonRepudiationChecks(config);
      return config;
    })().catch((e: unknown) => {
      decouverte = undefined;
      throw new FournisseurInjoignable(e instanceof Error ? e.message : String(e));
    });
    return decouverte;
  }

  async function chiffrer(t: Transaction): Promise<string> {
    return new EncryptJWT({ ...t })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${String(DUREE_TRANSACTION_S)}s`)
      .encrypt(cleTransaction);
  }

  async function dechiffrer(jeton: string | undefined): Promise<Transaction | undefined> {
    if (!jeton) return undefined;
    try {
      const { payload } = await jwtDecrypt(jeton, cleTransaction);
      const { state, nonce, verifier } = payload;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') {
        return undefined;
      }
      return { state, nonce, verifier };
    } catch {
      return undefined;
    }
  }

  return {
    dureeTransactionS: DUREE_TRANSACTION_S,

    /** The provider's authorization URL, and the sealed transaction the browser keeps meanwhile. */
    async debuter(): Promise<{ url: string; transaction: string }> {
      const config = await configuration();
      const t: Transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: oidc.redirectUri,
        scope: oidc.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(t.verifier),
        code_challenge_method: 'S256',
        state: t.state,
        nonce: t.nonce,
        ...(oidc.acrValues ? { acr_values: oidc.acrValues } : {}),
      });
      return { url: url.href, transaction: await chiffrer(t) };
    },

    /**
     * The callback: the code exchanged (with the PKCE verifier), the ID token checked (issuer,
     * audience, expiry, nonce, signature), then userinfo (JSON or signed JWT, same subject).
     * Undefined transaction (cookie absent, altered or older than 10 minutes): refused.
     */
    async terminer(
      parametres: URLSearchParams,
      scellee: string | undefined,
    ): Promise<IdentiteFournisseur> {
      const t = await dechiffrer(scellee);
      if (!t) throw new Error('transaction absente ou expirée');
      if (parametres.has('error')) throw new ConnexionAnnulee(parametres.get('error') ?? '');
      const config = await configuration();
      const url = new URL(oidc.redirectUri);
      url.search = parametres.toString();
      const tokens = await client.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: t.verifier,
        expectedState: t.state,
        expectedNonce: t.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw new Error('ID token absent');
      const acr = typeof claims.acr === 'string' ? claims.acr : '';
      if (oidc.acrValues && !oidc.acrValues.split(/\s+/).includes(acr)) {
        throw new Error(`niveau d'authentification « ${acr} » inattendu`);
      }
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const email = typeof info.email === 'string' ? info.email : undefined;
      const siret = info.siret ?? claims.siret;
      return {
        issuer: config.serverMetadata().issuer,
        sub: claims.sub,
        email,
        emailVerifie: info.email_verified === true || oidc.emailToujoursVerifie,
        siret: typeof siret === 'string' && siret !== '' ? siret : undefined,
        idToken: tokens.id_token,
      };
    },

    /** The provider's end-session URL for this ID token; undefined if it has none or is down. */
    async finDeSession(idToken: string): Promise<string | undefined> {
      try {
        const config = await configuration();
        return client.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: oidc.postLogoutRedirectUri,
        }).href;
      } catch {
        return undefined;
      }
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
