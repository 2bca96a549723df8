import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { TYPES_REFERENTIEL, type TypeReferentiel } from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';
import { fichier, referentiel } from '../../db/schema';
import { sha256Hex } from '../../lib/hash';

/** A reference document of the ODG's labels; its file is a left join (none yet: nulls). */
const ligneReferentiel = z.object({
  id: colonne.texte,
  aopIgpId: colonne.texte,
  aopIgp: colonne.texte,
  libelle: colonne.texte,
  typeDocument: z.enum(TYPES_REFERENTIEL).nullable(),
  versionDocument: colonne.texte.nullable(),
  debutValidite: colonne.texte.nullable(),
  finValidite: colonne.texte.nullable(),
  actif: colonne.booleen,
  fichierId: colonne.texte.nullable(),
  fileName: colonne.texte.nullable(),
  taille: colonne.entier.nullable(),
});

const ligneId = z.object({ id: colonne.texte });

/** A bytea: a Buffer from node-postgres, a Uint8Array from PGlite. */
const ligneFichier = z.object({
  fileName: colonne.texte,
  contenu: z.instanceof(Uint8Array),
});

export interface ValeursReferentiel {
  libelle: string;
  typeDocument: TypeReferentiel;
  versionDocument: string | null;
  debutValidite: string | null;
  finValidite: string | null;
  actif: boolean;
}

export interface FichierReferentiel {
  fileName: string;
  mimeType: string;
  contenu: Buffer;
}

/** The document's file, if any, removed: a replaced or deleted document keeps no orphan file. */
async function retirerFichier(tx: Transaction, id: number) {
  const [r] = await tx
    .select({ fichierId: referentiel.fichierId })
    .from(referentiel)
    .where(eq(referentiel.id, id))
    .for('update');
  if (r?.fichierId == null) return;
  await tx.update(referentiel).set({ fichierId: null }).where(eq(referentiel.id, id));
  await tx.delete(fichier).where(eq(fichier.id, r.fichierId));
}

async function stocker(
  tx: Transaction,
  id: number,
  typeDocument: TypeReferentiel,
  f: FichierReferentiel,
) {
  await retirerFichier(tx, id);
  const [stocke] = await tx
    .insert(fichier)
    .values({
      typeDocument,
      fileName: f.fileName,
      mimeType: f.mimeType,
      taille: f.contenu.length,
      sha256: sha256Hex(f.contenu),
      contenu: f.contenu,
    })
    .returning({ id: fichier.id });
  if (!stocke) throw new Error('fichier non enregistré');
  await tx.update(referentiel).set({ fichierId: stocke.id }).where(eq(referentiel.id, id));
}

/** Reference documents belong to a label, hence to its ODG: every query names it. */
export function createDocumentsRepository(db: Database) {
  const lister = (odg: number, id?: number) =>
    lignes(
      db,
      sql`select r.id::text as id, r.aop_igp_id::text as "aopIgpId", a.libelle as "aopIgp",
                 r.libelle, r.type_document as "typeDocument", r.version_document as "versionDocument",
                 r.debut_validite::text as "debutValidite", r.fin_validite::text as "finValidite",
                 r.actif, f.id::text as "fichierId", f.file_name as "fileName", f.taille
            from referentiel r join aop_igp a on a.id = r.aop_igp_id
            left join fichier f on f.id = r.fichier_id
           where a.odg_id = ${odg} and r.deleted_at is null
             and (${id ?? null}::bigint is null or r.id = ${id ?? null})
           order by a.libelle, r.type_document nulls last, r.debut_validite desc nulls last, r.id`,
      ligneReferentiel,
    );
  return {
    lister,
    async un(odg: number, id: number) {
      return (await lister(odg, id)).at(0);
    },

    /**
     * The document and, when given, its file, in one transaction: a refused or failed file leaves
     * no document row behind (issue 28 item 7).
     */
    async creer(odg: number, aopIgpId: number, v: ValeursReferentiel, f?: FichierReferentiel) {
      return db.transaction(async (tx) => {
        const r = await premiereLigne(
          tx,
          sql`insert into referentiel (aop_igp_id, libelle, type_document, version_document,
                                       debut_validite, fin_validite, actif)
              select a.id, ${v.libelle}, ${v.typeDocument}, ${v.versionDocument},
                     ${v.debutValidite}::date, ${v.finValidite}::date, ${v.actif}
                from aop_igp a where a.id = ${aopIgpId} and a.odg_id = ${odg}
              returning id::text as id`,
          ligneId,
        );
        if (r && f) await stocker(tx, Number(r.id), v.typeDocument, f);
        return r?.id;
      });
    },

    async modifier(id: number, v: Partial<ValeursReferentiel>) {
      await db.update(referentiel).set(v).where(eq(referentiel.id, id));
    },

    /**
     * Soft-deletes the document of ODG `odg` (the devices' `referentiels` feed serves it
     * `_deleted`) and removes its file, in one transaction. Finalised controls keep the
     * document's name in their own record, so their reports are unchanged.
     */
    async supprimer(odg: number, id: number) {
      return db.transaction(async (tx) => {
        const r = await premiereLigne(
          tx,
          sql`update referentiel r set deleted_at = now()
                from aop_igp a
               where a.id = r.aop_igp_id and a.odg_id = ${odg}
                 and r.id = ${id} and r.deleted_at is null
              returning r.id::text as id`,
          ligneId,
        );
        if (r) await retirerFichier(tx, id);
        return r !== undefined;
      });
    },

    /** Stores the file (replacing the previous one) and points the document at it, in one transaction. */
    async joindre(id: number, typeDocument: TypeReferentiel, f: FichierReferentiel) {
      await db.transaction((tx) => stocker(tx, id, typeDocument, f));
    },

    async fichier(odg: number, id: number) {
      return premiereLigne(
        db,
        sql`select f.file_name as "fileName", f.contenu from referentiel r
              join aop_igp a on a.id = r.aop_igp_id join fichier f on f.id = r.fichier_id
             where r.id = ${id} and a.odg_id = ${odg} and r.deleted_at is null`,
        ligneFichier,
      );
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
