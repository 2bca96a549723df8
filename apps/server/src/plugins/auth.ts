import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADER_APP_VERSION, HEADER_DROIT_ACTIF, ID_DECIMAL } from '@estive/contracts';
import { MESSAGES_COMPTES } from '@estive/domain';
import type { Acteur } from '../lib/acteur';
import type { CacheParGeneration } from '../lib/cache-generation';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthRepository } from '../modules/auth/auth.repository';
import type { AuthService } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    acteur: Acteur;
  }
  interface FastifyContextConfig {
    /** The route answers an account whose password is temporary (principal, password change). */
    motDePasseTemporaire?: boolean;
  }
}

/** What `acteurDuJeton` reads: the user, the right he asks for, whether his session ended. */
export type LigneActeur = Awaited<ReturnType<AuthRepository['acteurDuJeton']>>;
type LireActeur = (uuid: string, droitId: number | undefined, sid?: string) => Promise<LigneActeur>;

/**
 * The actor lookup of every authenticated request, kept in memory between requests (a round
 * trip and a query on each before: a third of a search's time with 16 in flight,
 * bench/recherche). Kept only while no write to users, rights, ODGs or sessions has been heard
 * since it was read (migration 0030's notifications; db/client.ts `SuiviActeurs`): a logout, a
 * disabled account or a right taken away applies to the next request, as without the cache.
 */
export function lecteurActeurs(
  repository: AuthRepository,
  cache: CacheParGeneration<LigneActeur>,
): LireActeur {
  return (uuid, droitId, sid) =>
    cache.obtenir(`${uuid}|${droitId ?? ''}|${sid ?? ''}`, () =>
      repository.acteurDuJeton(uuid, droitId, sid),
    );
}

/**
 * onRequest hook of every authenticated route: verifies the bearer token, then the active right
 * (`X-Droit-Actif` must be one of the user's rights; CNAOL may use any), and logs the app version.
 */
export function createAuthenticate(service: AuthService, lireActeur: LireActeur) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthorized();
    request.acteur = await resolveActeur(
      service,
      lireActeur,
      token,
      request.headers[HEADER_DROIT_ACTIF],
      request.routeOptions.config.motDePasseTemporaire === true,
    );
    const appVersion = request.headers[HEADER_APP_VERSION];
    request.log.info({ utilisateur: request.acteur.uuid, appVersion }, 'authenticated request');
  };
}

export async function resolveActeur(
  service: AuthService,
  lireActeur: LireActeur,
  token: string,
  droitHeader: string | string[] | undefined,
  motDePasseTemporaireAdmis = false,
): Promise<Acteur> {
  const claims = await service.verifyAccessToken(token);
  const raw = Array.isArray(droitHeader) ? droitHeader[0] : droitHeader;
  // Decimal digits only: Number() would read `1e3` as right 1000.
  const droitId =
    raw === undefined || raw === '' ? undefined : ID_DECIMAL.test(raw) ? Number(raw) : NaN;
  if (droitId !== undefined && !Number.isSafeInteger(droitId)) {
    throw forbidden('Droit actif invalide');
  }
  const row = await lireActeur(claims.sub, droitId, claims.sid);
  // Logged out (or its session revoked): the token stops working before its expiry.
  if (!row?.utilisateur.actif || row.sessionRevoquee) throw unauthorized();
  const user = row.utilisateur;
  // Issue 16 §4: an administrator's password is changed before anything else is done.
  if (user.motDePasseTemporaire && !motDePasseTemporaireAdmis) {
    throw forbidden(MESSAGES_COMPTES.motDePasseTemporaire);
  }
  // A copy: the row may be the cache's, shared by the user's next requests.
  const roles = [...user.roles];
  const found = row.droit;
  let droitActif: Acteur['droitActif'] = null;
  if (droitId !== undefined || found) {
    const allowed = found && (found.utilisateurId === user.id || roles.includes('ROLE_CNAOL'));
    if (!allowed) throw forbidden("Ce droit n'est pas le vôtre");
    droitActif = {
      id: found.id,
      organismeId: found.organismeId,
      type: found.type,
      siret: found.siret,
    };
  }
  return { utilisateurId: user.id, uuid: user.uuid, roles, droitActif };
}

/**
 * The actor of a stored request (inbox replay): the user and the right he sent it under, as they
 * are today. Null when the user is gone or disabled; the right is dropped if no longer his.
 */
export async function acteurEnregistre(
  repository: AuthRepository,
  utilisateurId: number,
  droitId: number | null,
): Promise<Acteur | null> {
  const user = await repository.findUtilisateurById(utilisateurId);
  if (!user?.actif) return null;
  const found = droitId === null ? undefined : await repository.findDroit(droitId);
  const allowed = found && (found.utilisateurId === user.id || user.roles.includes('ROLE_CNAOL'));
  return {
    utilisateurId: user.id,
    uuid: user.uuid,
    roles: user.roles,
    droitActif: allowed
      ? { id: found.id, organismeId: found.organismeId, type: found.type, siret: found.siret }
      : null,
  };
}
