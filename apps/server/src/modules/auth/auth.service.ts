import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, estParmi, type Role } from '@estive/domain';
import type { Config } from '../../config';
import { forbidden, tropDeTentatives, unauthorized } from '../../lib/errors';
import type { LimiteurConnexion } from '../../plugins/limiteur-connexion';
import type { AuthRepository } from './auth.repository';

export interface AccessClaims {
  sub: string;
  roles: Role[];
  /** The session (refresh-token family) it was issued in: revoked at logout, it stops working. */
  sid: string | undefined;
}

/** Verified tokens kept at most: past it they are all dropped (a burst of checks, no more). */
const JETONS_VERIFIES_MAX = 10_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** argon2id with the library defaults (m=19 MiB, t=2, p=1: OWASP's recommendation). */
export const hashPassword = (password: string) => hash(password);

// A constant hash to verify against when the login is unknown, so timing does not reveal accounts.
let decoyHash: Promise<string> | undefined;

/**
 * What a correct password still does not open: null, or the French reason (CNAOL requires office
 * staff to sign in through the identity provider).
 */
export type PolitiqueMotDePasse = (roles: Role[]) => Promise<string | null>;

export function createAuthService(
  repository: AuthRepository,
  config: Config,
  limiteur: LimiteurConnexion,
  politiqueMotDePasse: PolitiqueMotDePasse = () => Promise.resolve(null),
) {
  /**
   * A token's successor is derived from it with the server secret, so a refresh whose answer was
   * lost can be given the same successor again without the database ever holding a usable token.
   */
  const successeurDe = (presented: string) =>
    createHmac('sha256', config.jwtSecret).update(`successeur:${presented}`).digest('base64url');

  // Imported once: given the raw bytes, jose imports the key again on every request it verifies
  // (a third of a token check's time, bench/recherche).
  const cleJwt = crypto.subtle.importKey(
    'raw',
    config.jwtSecret,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  /**
   * Tokens already verified, with what they say: a device presents the same token on every call
   * for its ten minutes, and the HMAC check through WebCrypto cost a tenth of a search's time
   * (bench/recherche). The same bytes under the same key always verify the same way; the expiry
   * is compared at each use, and whether the session or the user still holds is the actor's
   * lookup, not this one's.
   */
  const verifies = new Map<string, { claims: AccessClaims; expireA: number }>();

  async function issueAccessToken(uuid: string, roles: Role[], session: string) {
    const accessToken = await new SignJWT({ roles, sid: session })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(uuid)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
      .sign(await cleJwt);
    return { accessToken, expiresIn: config.accessTokenTtlSeconds };
  }

  const expiration = () => new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000);

  async function issueRefreshToken(utilisateurId: number, family: string) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = expiration();
    await repository.insertRefreshToken({
      utilisateurId,
      family,
      tokenHash: sha256(token),
      expiresAt,
    });
    return { token, expiresAt };
  }

  async function sessionDe(
    utilisateurId: number,
    family: string,
    refresh: { token: string; expiresAt: Date },
  ) {
    const user = await repository.findUtilisateurById(utilisateurId);
    if (!user?.actif) throw unauthorized('Session expirée');
    return { ...(await issueAccessToken(user.uuid, user.roles, family)), refresh };
  }

  /** The request carries a refresh cookie of this account, neither revoked nor expired. */
  async function appareilConnu(utilisateurId: number | undefined, cookie: string | undefined) {
    if (utilisateurId === undefined || !cookie) return false;
    const stored = await repository.findRefreshToken(sha256(cookie));
    return (
      stored?.utilisateurId === utilisateurId &&
      !stored.revokedAt &&
      stored.expiresAt.getTime() > Date.now()
    );
  }

  /** A new session (refresh-token family): the one path of every sign-in, password or provider. */
  async function ouvrirSession(user: { id: number; uuid: string; roles: Role[] }) {
    const family = randomUUID();
    const session = {
      ...(await issueAccessToken(user.uuid, user.roles, family)),
      refresh: await issueRefreshToken(user.id, family),
    };
    return { family, session };
  }

  return {
    ouvrirSession,

    /**
     * Throttled by address, by account and address, and by account for devices it never signed
     * in on (`cookie`: the refresh cookie the request carries; see the limiter).
     */
    async login(login: string, password: string, adresse: string, cookie?: string) {
      const user = await repository.findUtilisateurByLogin(login);
      const refus = await limiteur.tenter(login, adresse, await appareilConnu(user?.id, cookie));
      if (refus) throw tropDeTentatives(refus.attenteMs, refus.serie);
      if (!user) {
        decoyHash ??= hashPassword(randomUUID());
        await verify(await decoyHash, password);
        throw unauthorized('Identifiant ou mot de passe incorrect');
      }
      if (!(await verify(user.passwordHash, password))) {
        throw unauthorized('Identifiant ou mot de passe incorrect');
      }
      await limiteur.reussir(login, adresse);
      // Judged after the password, so that the answer tells nothing to who does not know it.
      const interdit = await politiqueMotDePasse(user.roles);
      if (interdit) throw forbidden(interdit);
      return (await ouvrirSession(user)).session;
    },

    /**
     * Rotation: each refresh token works once. Presented again within the grace period, it gives
     * the same successor (the device lost the answer); later, or once the successor was used, it
     * is a reuse and revokes the whole family.
     */
    async refresh(presented: string | undefined) {
      if (!presented) throw unauthorized('Session expirée');
      const stored = await repository.findRefreshToken(sha256(presented));
      if (!stored) throw unauthorized('Session expirée');
      const successeur = successeurDe(presented);
      const rejouer = async () => {
        const enGrace = await repository.successeurEnGrace(
          stored.id,
          sha256(successeur),
          config.refreshGraceMs,
        );
        if (enGrace) {
          return sessionDe(stored.utilisateurId, stored.family, { token: successeur, ...enGrace });
        }
        await repository.revokeFamily(stored.family);
        throw unauthorized('Session révoquée');
      };
      if (stored.usedAt || stored.revokedAt) return rejouer();
      if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized('Session expirée');
      const expiresAt = expiration();
      const rotated = await repository.rotateRefreshToken(stored.id, {
        tokenHash: sha256(successeur),
        expiresAt,
      });
      // Lost a race with a concurrent use of the same token: that is the grace case too.
      if (!rotated) return rejouer();
      return sessionDe(stored.utilisateurId, stored.family, { token: successeur, expiresAt });
    },

    /** Revokes the cookie's session; its family, for what else ends with it (provider logout). */
    async logout(presented: string | undefined): Promise<string | undefined> {
      if (!presented) return undefined;
      const stored = await repository.findRefreshToken(sha256(presented));
      if (!stored) return undefined;
      await repository.revokeFamily(stored.family);
      return stored.family;
    },

    async verifyAccessToken(token: string): Promise<AccessClaims> {
      const connu = verifies.get(token);
      // Checked again at each use: only the signature's verdict is kept, never past the expiry.
      if (connu && Date.now() < connu.expireA) return connu.claims;
      verifies.delete(token);
      try {
        // A token without `exp` would never expire: refused, like one without a subject.
        const { payload } = await jwtVerify(token, await cleJwt, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        const roles = Array.isArray(payload.roles)
          ? payload.roles.filter((r): r is Role => estParmi(ROLES, r))
          : [];
        if (!payload.sub) throw new Error('no subject');
        const claims = {
          sub: payload.sub,
          roles,
          sid: typeof payload.sid === 'string' ? payload.sid : undefined,
        };
        if (payload.exp !== undefined) {
          if (verifies.size >= JETONS_VERIFIES_MAX) verifies.clear();
          verifies.set(token, { claims, expireA: payload.exp * 1000 });
        }
        return claims;
      } catch {
        throw unauthorized('Jeton invalide ou expiré');
      }
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
