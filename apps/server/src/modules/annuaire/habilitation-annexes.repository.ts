import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  activite,
  activiteAop,
  aopIgp,
  categorieActivite,
  fichier,
  habilitation,
  personneMorale,
} from '../../db/schema';
import { verrouillerMorale } from './perimetre';

interface Document {
  fileName: string;
  mimeType: string;
  contenu: Buffer;
  sha256: string;
}

/**
 * Habilitates an operator on a label of ODG `odg` for each activity (an identification request's
 * rule, inside the perimeter or for another ODG's operator): EN_ATTENTE when new, an existing one
 * keeps its statut and takes the DI's date. The ids, or undefined (nothing written) when the label
 * is not the ODG's or does not offer one of the activities.
 */
export async function habiliterSurLabel(
  tx: Transaction,
  odg: number,
  v: { personneMoraleId: number; aopIgpId: number; activiteIds: number[]; dateDi: string },
): Promise<number[] | undefined> {
  const offertes = await tx
    .select({ id: activiteAop.activiteId })
    .from(activiteAop)
    .innerJoin(aopIgp, eq(aopIgp.id, activiteAop.aopIgpId))
    .where(
      and(
        eq(aopIgp.id, v.aopIgpId),
        eq(aopIgp.odgId, odg),
        inArray(activiteAop.activiteId, v.activiteIds),
      ),
    );
  const ids = new Set(offertes.map((o) => o.id));
  if (v.activiteIds.some((a) => !ids.has(a))) return undefined;
  const habilitations = await tx
    .insert(habilitation)
    .values(
      v.activiteIds.map((activiteId) => ({
        personneMoraleId: v.personneMoraleId,
        aopIgpId: v.aopIgpId,
        activiteId,
        statut: 'EN_ATTENTE' as const,
        dateDi: v.dateDi,
      })),
    )
    .onConflictDoUpdate({
      target: [habilitation.personneMoraleId, habilitation.aopIgpId, habilitation.activiteId],
      set: { dateDi: v.dateDi, updatedAt: new Date() },
    })
    .returning({ id: habilitation.id });
  return habilitations.map((h) => h.id);
}

/**
 * The habilitation family's other paths (spec part 2 §7): sub-profiles of a label, the DI files of
 * an operator's label, and the identification request (DI) covering several activities at once.
 */
export function createHabilitationAnnexesRepository(db: Database) {
  return {
    /**
     * Activities (sub-profiles) of category `categorieId` in the ODG's matrix that label `aopId`
     * offers; undefined when the label is not the ODG's or the category is not in its matrix.
     */
    async sousProfils(odg: number, categorieId: number, aopId: number) {
      const [cle] = await db
        .select({ aop: aopIgp.id })
        .from(aopIgp)
        .where(
          and(
            eq(aopIgp.id, aopId),
            eq(aopIgp.odgId, odg),
            sql`exists (select 1 from categorie_activite ca where ca.categorie_id = ${categorieId}
                        and ca.organisme_id = ${odg} and ca.deleted_at is null)`,
          ),
        );
      if (!cle) return undefined;
      return db
        .selectDistinct({ id: activite.id, libelle: activite.libelle })
        .from(categorieActivite)
        .innerJoin(activite, eq(activite.id, categorieActivite.activiteId))
        .innerJoin(
          activiteAop,
          and(
            eq(activiteAop.activiteId, activite.id),
            eq(activiteAop.aopIgpId, aopId),
            isNull(activiteAop.deletedAt),
          ),
        )
        .innerJoin(aopIgp, and(eq(aopIgp.id, activiteAop.aopIgpId), eq(aopIgp.odgId, odg)))
        .where(
          and(
            eq(categorieActivite.categorieId, categorieId),
            eq(categorieActivite.personneMoraleId, odg),
            isNull(categorieActivite.deletedAt),
          ),
        )
        .orderBy(asc(activite.libelle), asc(activite.id));
    },

    /** A DI file of the operator's habilitation on the label, both within the ODG's perimeter. */
    async document(odg: number, personneMoraleId: number, aopId: number, fichierId: number) {
      const [f] = await db
        .select({
          fileName: fichier.fileName,
          sha256: fichier.sha256,
          contenu: fichier.contenu,
        })
        .from(fichier)
        .innerJoin(habilitation, eq(habilitation.id, fichier.habilitationId))
        .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
        .innerJoin(personneMorale, eq(personneMorale.id, habilitation.personneMoraleId))
        .where(
          and(
            eq(fichier.id, fichierId),
            eq(habilitation.personneMoraleId, personneMoraleId),
            eq(habilitation.aopIgpId, aopId),
            eq(aopIgp.odgId, odg),
            isNull(personneMorale.deletedAt),
          ),
        );
      return f;
    },

    /**
     * One DI for several activities of a label: each activity gets its habilitation (EN_ATTENTE
     * when new; an existing one keeps its status and takes the DI's date) and the DI file.
     * Undefined when the operator, the label or one of the activities is outside the ODG.
     */
    async demandeIdentification(
      odg: number,
      v: { personneMoraleId: number; aopIgpId: number; activiteIds: number[]; dateDi: string },
      document: Document | null,
    ) {
      return db.transaction(async (tx) => {
        const pm = await verrouillerMorale(tx, odg, v.personneMoraleId);
        const habilitations = pm ? await habiliterSurLabel(tx, odg, v) : undefined;
        if (!habilitations) return undefined;
        if (document) {
          await tx.insert(fichier).values(
            habilitations.map((id) => ({
              typeDocument: 'DI' as const,
              fileName: document.fileName,
              mimeType: document.mimeType,
              taille: document.contenu.length,
              sha256: document.sha256,
              contenu: document.contenu,
              personneMoraleId: v.personneMoraleId,
              habilitationId: id,
            })),
          );
        }
        return habilitations;
      });
    },
  };
}
export type HabilitationAnnexesRepository = ReturnType<typeof createHabilitationAnnexesRepository>;
