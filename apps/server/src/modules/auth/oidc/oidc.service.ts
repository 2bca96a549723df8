import type { FastifyBaseLogger } from 'fastify';
import type { CodeRefusOidc } from '@estive/contracts';
import { ROLES_BUREAU, type Role } from '@estive/domain';
import { requireRole, type Acteur } from '../../../lib/acteur';
import { conflict } from '../../../lib/errors';
import type { OidcConfig } from '../../../config';
import type { AuthService } from '../auth.service';
import type { IdentiteFournisseur } from './oidc.client';
import type { OidcRepository } from './oidc.repository';

type Session = Awaited<ReturnType<AuthService['ouvrirSession']>>['session'];
export type ResultatConnexion = { session: Session } | { refus: CodeRefusOidc };

/**
 * Binds a provider identity to an existing Estive account, never creating one: found by the
 * provider's subject once bound, else by its verified email (then bound). A SIRET claim must be
 * that of an organisation the account holds a right on. Bindings and refusals are journaled (a
 * refusal naming no account goes to the log: the journal's rows name who acted).
 */
export function createOidcService(
  repository: OidcRepository,
  auth: AuthService,
  config: { oidc: OidcConfig | undefined; refreshTokenTtlDays: number },
  log: FastifyBaseLogger,
) {
  return {
    async connecter(identite: IdentiteFournisseur): Promise<ResultatConnexion> {
      const { issuer, sub } = identite;
      const trace = { issuer, sub, siret: identite.siret ?? null };
      let compte = await repository.compteParIdentite(issuer, sub);
      const dejaLie = compte !== undefined;
      if (!compte) {
        if (!identite.email) return refusSansCompte('compte-inconnu', trace);
        if (!identite.emailVerifie) return refusSansCompte('email-non-verifie', trace);
        compte = await repository.compteParLogin(identite.email);
        if (!compte) return refusSansCompte('compte-inconnu', trace);
      }
      const refuser = async (motif: CodeRefusOidc): Promise<ResultatConnexion> => {
        await repository.journaliserRefus(compte.id, { ...trace, motif });
        return { refus: motif };
      };
      if (!compte.actif) return refuser('compte-desactive');
      if (identite.siret) {
        const sirets = await repository.siretsDesDroits(compte.id);
        if (!sirets.includes(identite.siret.replace(/\s/g, ''))) return refuser('siret');
      }
      if (!dejaLie) {
        // One identity of a provider per account: another subject with the same email is not him.
        const autre = await repository.identiteDuCompte(compte.id, issuer);
        if (autre !== undefined && autre !== sub) return refuser('deja-liee');
        if (!(await repository.lier(compte.id, issuer, sub))) return refuser('deja-liee');
      }
      const { family, session } = await auth.ouvrirSession(compte);
      await repository.retenirSession(family, identite.idToken, config.refreshTokenTtlDays + 1);
      return { session };
    },

    /** Settings, 'Connexion' (CNAOL). */
    async parametreConnexion(acteur: Acteur) {
      requireRole(acteur, 'ROLE_CNAOL');
      return { federationObligatoireBureau: await repository.federationObligatoireBureau() };
    },

    /** Turning it on without a provider is refused: nobody in the office could sign in any more. */
    async definirParametreConnexion(acteur: Acteur, federationObligatoireBureau: boolean) {
      requireRole(acteur, 'ROLE_CNAOL');
      if (federationObligatoireBureau && !config.oidc) {
        throw conflict(
          "Aucun fournisseur d'identité n'est configuré (OIDC_ISSUER) : la connexion fédérée ne peut pas être exigée.",
        );
      }
      await repository.definirFederationObligatoireBureau(
        federationObligatoireBureau,
        acteur.utilisateurId,
      );
      return { federationObligatoireBureau };
    },

    /** At sign-out of a session the provider opened: where the browser ends the provider's one. */
    async finDeSession(
      family: string | undefined,
      urlFin: (idToken: string) => Promise<string | undefined>,
    ): Promise<string | undefined> {
      if (!family) return undefined;
      const idToken = await repository.oublierSession(family);
      return idToken ? urlFin(idToken) : undefined;
    },
  };

  function refusSansCompte(
    motif: CodeRefusOidc,
    trace: Record<string, unknown>,
  ): ResultatConnexion {
    log.warn({ ...trace, motif }, 'connexion fédérée refusée sans compte');
    return { refus: motif };
  }
}
export type OidcService = ReturnType<typeof createOidcService>;

/**
 * Password sign-in of an office account while CNAOL requires the provider: the French reason,
 * else null. Only while a provider is configured, so that nobody is ever locked out by it.
 */
export function politiqueMotDePasseOidc(repository: OidcRepository, oidc: OidcConfig | undefined) {
  return async (roles: Role[]): Promise<string | null> => {
    if (!oidc) return null;
    // Office roles only: a controller's tablet keeps its password.
    if (!roles.some((r) => ROLES_BUREAU.some((b) => b === r))) return null;
    if (!(await repository.federationObligatoireBureau())) return null;
    return `La CNAOL exige la connexion avec ${oidc.libelle} pour les comptes du bureau : utilisez le bouton « Se connecter avec ${oidc.libelle} ».`;
  };
}
