import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';
import { droit, organisme, refreshToken, utilisateur } from '../../db/schema';

export function createAuthRepository(db: Database) {
  // Prepared once (a named statement per connection): drizzle does not rebuild it, PostgreSQL does
  // not plan it again, on every authenticated request.
  const premierDroit = sql`(select min(d.id) from droit d where d.utilisateur_id = ${utilisateur.id})`;
  const acteurDuJeton = db
    .select({
      utilisateur: {
        id: utilisateur.id,
        uuid: utilisateur.uuid,
        roles: utilisateur.roles,
        actif: utilisateur.actif,
        motDePasseTemporaire: utilisateur.motDePasseTemporaire,
      },
      // The token's session ended (logout, reuse detected): in the same round trip, by the
      // family's index. A token without a session (issued before sessions were named) has none.
      sessionRevoquee: sql<boolean>`exists (select 1 from refresh_token r
        where r.family = ${sql.placeholder('sid')}::uuid and r.revoked_at is not null)`,
      droit: {
        id: droit.id,
        utilisateurId: droit.utilisateurId,
        organismeId: organisme.id,
        type: organisme.type,
        siret: organisme.siret,
      },
    })
    .from(utilisateur)
    .leftJoin(
      droit,
      eq(droit.id, sql`coalesce(${sql.placeholder('droitId')}::bigint, ${premierDroit})`),
    )
    .leftJoin(organisme, eq(organisme.id, droit.organismeId))
    .where(eq(utilisateur.uuid, sql`${sql.placeholder('uuid')}::uuid`))
    .prepare('acteur_du_jeton');
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

    /**
     * The user of an access token and the right he acts under, in one round trip (every
     * authenticated request asks it): the right named by `droitId`, or his first one. The caller
     * checks that the right is his.
     */
    async acteurDuJeton(uuid: string, droitId: number | undefined, sid?: string) {
      const [row] = await acteurDuJeton.execute({
        uuid,
        droitId: droitId ?? null,
        sid: sid ?? null,
      });
      if (!row) return undefined;
      const d = row.droit;
      // A right always has its organisme (foreign key): both columns are null only together.
      const droitTrouve =
        d.id != null && d.utilisateurId != null && d.organismeId != null && d.type != null
          ? {
              id: d.id,
              utilisateurId: d.utilisateurId,
              organismeId: d.organismeId,
              type: d.type,
              siret: d.siret,
            }
          : undefined;
      return {
        utilisateur: row.utilisateur,
        droit: droitTrouve,
        sessionRevoquee: row.sessionRevoquee,
      };
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

    /**
     * Marks the token used and stores its successor in one statement, only if nobody used it
     * first: a concurrent rotation waits on the row and then sees it used (the loser of a race).
     */
    async rotateRefreshToken(
      id: number,
      successeur: { tokenHash: string; expiresAt: Date },
    ): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`with consomme as (
              update refresh_token set used_at = now()
              where id = ${id} and used_at is null and revoked_at is null
              returning utilisateur_id, family)
            insert into refresh_token (utilisateur_id, family, token_hash, expires_at)
            select utilisateur_id, family, ${successeur.tokenHash}, ${successeur.expiresAt.toISOString()}::timestamptz
            from consomme
            returning id`,
        z.object({ id: colonne.entier }),
      );
      return rows.length === 1;
    },

    /**
     * The successor of a token used less than `graceMs` ago, if it is still unused and alive: the
     * answer that carried it was lost, the device asks again. Judged on the database's clock, which
     * every node shares.
     */
    async successeurEnGrace(parentId: number, successeurHash: string, graceMs: number) {
      const row = await premiereLigne(
        db,
        sql`select s.expires_at from refresh_token s
            join refresh_token p on p.id = ${parentId} and p.family = s.family
            where s.token_hash = ${successeurHash}
              and s.used_at is null and s.revoked_at is null and s.expires_at > now()
              and p.revoked_at is null
              and p.used_at > now() - make_interval(secs => ${graceMs / 1000})`,
        z.object({ expires_at: colonne.instant }),
      );
      return row ? { expiresAt: row.expires_at } : undefined;
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
