import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  droit,
  identiteFederee,
  journalAction,
  organisme,
  parametreGlobal,
  sessionFederee,
  utilisateur,
} from '../../../db/schema';

const CLE_FEDERATION_BUREAU = 'connexion.federationObligatoireBureau';

export function createOidcRepository(db: Database) {
  const compte = {
    id: utilisateur.id,
    uuid: utilisateur.uuid,
    roles: utilisateur.roles,
    actif: utilisateur.actif,
  };
  return {
    async compteParIdentite(issuer: string, sub: string) {
      const [row] = await db
        .select(compte)
        .from(identiteFederee)
        .innerJoin(utilisateur, eq(utilisateur.id, identiteFederee.utilisateurId))
        .where(and(eq(identiteFederee.issuer, issuer), eq(identiteFederee.sub, sub)));
      return row;
    },

    /** Deactivated accounts too: the refusal says so rather than 'unknown'. */
    async compteParLogin(login: string) {
      const [row] = await db
        .select(compte)
        .from(utilisateur)
        .where(eq(utilisateur.login, login.toLowerCase()));
      return row;
    },

    async identiteDuCompte(utilisateurId: number, issuer: string) {
      const [row] = await db
        .select({ sub: identiteFederee.sub })
        .from(identiteFederee)
        .where(
          and(eq(identiteFederee.utilisateurId, utilisateurId), eq(identiteFederee.issuer, issuer)),
        );
      return row?.sub;
    },

    /** The SIRETs of the organisations the account holds a right on. */
    async siretsDesDroits(utilisateurId: number): Promise<string[]> {
      const rows = await db
        .select({ siret: organisme.siret })
        .from(droit)
        .innerJoin(organisme, eq(organisme.id, droit.organismeId))
        .where(eq(droit.utilisateurId, utilisateurId));
      return rows.flatMap((r) => (r.siret ? [r.siret.replace(/\s/g, '')] : []));
    },

    /** Binds and journals in one transaction; false if the identity was bound meanwhile. */
    async lier(utilisateurId: number, issuer: string, sub: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const lignes = await tx
          .insert(identiteFederee)
          .values({ utilisateurId, issuer, sub })
          .onConflictDoNothing()
          .returning({ id: identiteFederee.id });
        if (lignes.length === 0) return false;
        await tx.insert(journalAction).values({
          utilisateurId,
          action: 'CONNEXION_FEDEREE_LIAISON',
          entite: 'utilisateur',
          entiteId: utilisateurId,
          details: { issuer, sub },
        });
        return true;
      });
    },

    async journaliserRefus(utilisateurId: number, details: Record<string, unknown>) {
      await db.insert(journalAction).values({
        utilisateurId,
        action: 'CONNEXION_FEDEREE_REFUS',
        entite: 'utilisateur',
        entiteId: utilisateurId,
        details,
      });
    },

    /** Keeps the session's ID token for sign-out; those of sessions long expired go at the same time. */
    async retenirSession(family: string, idToken: string, dureeSessionJours: number) {
      await db
        .delete(sessionFederee)
        .where(
          lt(sessionFederee.createdAt, sql`now() - make_interval(days => ${dureeSessionJours})`),
        );
      await db.insert(sessionFederee).values({ family, idToken });
    },

    /** The session's ID token, forgotten as it is read (the session is over). */
    async oublierSession(family: string): Promise<string | undefined> {
      const [row] = await db
        .delete(sessionFederee)
        .where(eq(sessionFederee.family, family))
        .returning({ idToken: sessionFederee.idToken });
      return row?.idToken;
    },

    async federationObligatoireBureau(): Promise<boolean> {
      const [row] = await db
        .select({ valeur: parametreGlobal.valeur })
        .from(parametreGlobal)
        .where(eq(parametreGlobal.cle, CLE_FEDERATION_BUREAU));
      return row?.valeur === true;
    },

    async definirFederationObligatoireBureau(valeur: boolean, utilisateurId: number) {
      await db.transaction(async (tx) => {
        await tx
          .insert(parametreGlobal)
          .values({ cle: CLE_FEDERATION_BUREAU, valeur, updatedBy: utilisateurId })
          .onConflictDoUpdate({
            target: parametreGlobal.cle,
            set: { valeur, updatedBy: utilisateurId, updatedAt: new Date() },
          });
        await tx.insert(journalAction).values({
          utilisateurId,
          action: 'PARAMETRE_CONNEXION',
          entite: 'utilisateur',
          entiteId: utilisateurId,
          details: { federationObligatoireBureau: valeur },
        });
      });
    },
  };
}
export type OidcRepository = ReturnType<typeof createOidcRepository>;
