import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { EtatManquement } from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { controle, manquement, manquementHistorique, pointControleAop } from '../../db/schema';

/** What a control's grid says of one shortcoming: written on creation and on every later entry. */
export type ConstatManquement = Pick<
  typeof manquement.$inferInsert,
  | 'niveau'
  | 'valeur'
  | 'informationsAuditeur'
  | 'informationsAudite'
  | 'mesureCorrective'
  | 'delaiSuiviCorrective'
  | 'dateSuiviCorrective'
  | 'mesureCorrectrice'
  | 'delaiSuiviCorrectrice'
  | 'dateSuiviCorrectrice'
>;

export type LigneManquement = typeof manquement.$inferSelect;

/** SQL of the shortcomings that controls' entries create; every function runs in the caller's transaction. */
export const manquementsTerrainRepository = {
  /** The control's shortcomings: found by it, or carried from an earlier control and found again by it. */
  async duControle(tx: Transaction, controleId: number): Promise<LigneManquement[]> {
    return tx
      .select()
      .from(manquement)
      .where(
        and(
          or(eq(manquement.controleId, controleId), eq(manquement.controleRecidiveId, controleId)),
          isNull(manquement.deletedAt),
        ),
      )
      .orderBy(manquement.id)
      .for('update');
  },

  /** The operator's latest open shortcoming of that point and label from another control (spec: EN_COURS is carried). */
  async porte(
    tx: Transaction,
    v: { personneMoraleId: number; aopIgpId: number; pointControleId: number; controleId: number },
  ): Promise<LigneManquement | undefined> {
    const [row] = await tx
      .select()
      .from(manquement)
      .where(
        and(
          eq(manquement.personneMoraleId, v.personneMoraleId),
          eq(manquement.pointControleId, v.pointControleId),
          eq(manquement.aopIgpId, v.aopIgpId),
          eq(manquement.etat, 'EN_COURS'),
          isNull(manquement.deletedAt),
          isNull(manquement.controleRecidiveId),
          or(isNull(manquement.controleId), ne(manquement.controleId, v.controleId)),
        ),
      )
      .orderBy(desc(manquement.id))
      .limit(1)
      .for('update');
    return row;
  },

  /** The ids among `ids` that are not control points of the label (a forged or stale grid). */
  async pointsHorsLabel(tx: Transaction, aopIgpId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const connus = await tx
      .select({ id: pointControleAop.pointControleId })
      .from(pointControleAop)
      .where(
        and(
          eq(pointControleAop.aopIgpId, aopIgpId),
          inArray(pointControleAop.pointControleId, ids),
        ),
      );
    const ok = new Set(connus.map((c) => c.id));
    return ids.filter((id) => !ok.has(id));
  },

  /** Stored controls of the ODGs' own entry whose grid holds a shortcoming, in date order. */
  async aDeriver(db: Database): Promise<{ id: number; controleurId: number | null }[]> {
    return db
      .select({ id: controle.id, controleurId: controle.controleurId })
      .from(controle)
      .where(
        and(
          isNull(controle.deletedAt),
          eq(controle.nature, 'INTERNE'),
          sql`jsonb_array_length(coalesce(${controle.grille} -> 'manquements', '[]'::jsonb)) > 0`,
        ),
      )
      .orderBy(controle.date, controle.id);
  },

  async inserer(tx: Transaction, values: typeof manquement.$inferInsert): Promise<number> {
    const [row] = await tx.insert(manquement).values(values).returning({ id: manquement.id });
    if (!row) throw new Error('insertion du manquement sans retour');
    return row.id;
  },

  /** The trigger bumps version and change_xid: devices pull the change. */
  async modifier(
    tx: Transaction,
    id: number,
    values: Partial<typeof manquement.$inferInsert>,
  ): Promise<void> {
    await tx
      .update(manquement)
      .set({ ...values, dateDerniereEvolution: sql`now()` })
      .where(eq(manquement.id, id));
  },

  /** Soft delete: devices get the tombstone through the `manquement` feed. */
  async supprimer(tx: Transaction, id: number): Promise<void> {
    await tx
      .update(manquement)
      .set({ deletedAt: sql`now()` })
      .where(eq(manquement.id, id));
  },

  async journaliser(
    tx: Transaction,
    v: {
      manquementId: number;
      utilisateurId: number | null;
      etatAvant: EtatManquement | null;
      etat: EtatManquement;
      commentaire: string;
    },
  ): Promise<void> {
    await tx.insert(manquementHistorique).values({ ...v, origine: 'TERRAIN' });
  },
};
