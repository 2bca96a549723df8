import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '@estive/domain';
import type { Config } from '../../config';
import { unauthorized } from '../../lib/errors';
import type { AuthRepository } from './auth.repository';

export interface AccessClaims {
  sub: string;
  roles: Role[];
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** argon2id with the library defaults (m=19 MiB, t=2, p=1: OWASP's recommendation). */
export const hashPassword = (password: string) => hash(password);

// A constant hash to verify against when the login is unknown, so timing does not reveal accounts.
let decoyHash: Promise<string> | undefined;

export function createAuthService(repository: AuthRepository, config: Config) {
  async function issueAccessToken(uuid: string, roles: Role[]) {
    const accessToken = await new SignJWT({ roles })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(uuid)
      .setIssuedAt()
      .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
      .sign(config.jwtSecret);
    return { accessToken, expiresIn: config.accessTokenTtlSeconds };
  }

  async function issueRefreshToken(utilisateurId: number, family: string) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000);
    await repository.insertRefreshToken({
      utilisateurId,
      family,
      tokenHash: sha256(token),
      expiresAt,
    });
    return { token, expiresAt };
  }

  return {
    async login(login: string, password: string) {
      const user = await repository.findUtilisateurByLogin(login);
      if (!user) {
        decoyHash ??= hashPassword(randomUUID());
        await verify(await decoyHash, password);
        throw unauthorized('Identifiant ou mot de passe incorrect');
      }
      if (!(await verify(user.passwordHash, password))) {
        throw unauthorized('Identifiant ou mot de passe incorrect');
      }
      return {
        ...(await issueAccessToken(user.uuid, user.roles)),
        refresh: await issueRefreshToken(user.id, randomUUID()),
      };
    },

    /** Rotation: each refresh token works once; presenting a used one revokes its whole family. */
    async refresh(presented: string | undefined) {
      if (!presented) throw unauthorized('Session expirée');
      const stored = await repository.findRefreshToken(sha256(presented));
      if (!stored) throw unauthorized('Session expirée');
      if (stored.usedAt || stored.revokedAt) {
        await repository.revokeFamily(stored.family);
        throw unauthorized('Session révoquée');
      }
      if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized('Session expirée');
      if (!(await repository.consumeRefreshToken(stored.id))) {
        await repository.revokeFamily(stored.family);
        throw unauthorized('Session révoquée');
      }
      const user = await repository.findUtilisateurById(stored.utilisateurId);
      if (!user?.actif) throw unauthorized('Session expirée');
      return {
        ...(await issueAccessToken(user.uuid, user.roles)),
        refresh: await issueRefreshToken(user.id, stored.family),
      };
    },

    async logout(presented: string | undefined) {
      if (!presented) return;
      const stored = await repository.findRefreshToken(sha256(presented));
      if (stored) await repository.revokeFamily(stored.family);
    },

    async verifyAccessToken(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, config.jwtSecret, { algorithms: ['HS256'] });
        const roles = Array.isArray(payload.roles)
          ? payload.roles.filter((r): r is Role => (ROLES as readonly unknown[]).includes(r))
          : [];
        if (!payload.sub) throw new Error('no subject');
        return { sub: payload.sub, roles };
      } catch {
        throw unauthorized('Jeton invalide ou expiré');
      }
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
