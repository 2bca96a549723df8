import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { droit, organisme, refreshToken, utilisateur } from '../../db/schema';

export function createAuthRepository(db: Database) {
  return {
    async findUtilisateurByLogin(login: string) {
      const [row] = await db
        .select()
        .from(utilisateur)
        .where(and(eq(utilisateur.login, login.toLowerCase()), eq(utilisateur.actif, true)));
      return row;
    },

    async findUtilisateurByUuid(uuid: string) {
      const [row] = await db.select().from(utilisateur).where(eq(utilisateur.uuid, uuid));
      return row;
    },

    async findUtilisateurById(id: number) {
      const [row] = await db.select().from(utilisateur).where(eq(utilisateur.id, id));
      return row;
    },

    async findDroit(droitId: number) {
      const [row] = await db
        .select({
          id: droit.id,
          utilisateurId: droit.utilisateurId,
          organismeId: droit.organismeId,
          type: organisme.type,
          siret: organisme.siret,
        })
        .from(droit)
        .innerJoin(organisme, eq(organisme.id, droit.organismeId))
        .where(eq(droit.id, droitId));
      return row;
    },

    async firstDroitOf(utilisateurId: number) {
      const [row] = await db
        .select({ id: droit.id })
        .from(droit)
        .where(eq(droit.utilisateurId, utilisateurId))
        .orderBy(droit.id)
        .limit(1);
      return row;
    },

    async insertRefreshToken(values: typeof refreshToken.$inferInsert) {
      await db.insert(refreshToken).values(values);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.tokenHash, tokenHash));
      return row;
    },

    /** Marks the token used, only if nobody used it first: the loser of a race sees reuse. */
    async consumeRefreshToken(id: number): Promise<boolean> {
      const rows = await db
        .update(refreshToken)
        .set({ usedAt: new Date() })
        .where(
          and(eq(refreshToken.id, id), isNull(refreshToken.usedAt), isNull(refreshToken.revokedAt)),
        )
        .returning({ id: refreshToken.id });
      return rows.length === 1;
    },

    async revokeFamily(family: string) {
      await db
        .update(refreshToken)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshToken.family, family), isNull(refreshToken.revokedAt)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
