import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { ligne } from '../../db/lignes';
import { identifiant } from './tournees-lignes.repository';

/**
 * The files of a round (its planning, the operators' notices of visit), written in the caller's
 * transaction by the document producer (documents.ts).
 */
export function createTourneesFichiersRepository() {
  return {
    async attacherPlanning(tx: Transaction, tourneeId: number, fichierId: number) {
      await tx.execute(
        sql`update tournee set planning_fichier_id = ${fichierId} where id = ${tourneeId}`,
      );
    },

    async attacherAvisPassage(
      tx: Transaction,
      tourneeId: number,
      personneMoraleId: number,
      fichierId: number,
    ) {
      await tx.execute(
        sql`update tournee_operateur set avis_passage_fichier_id = ${fichierId}, updated_at = now()
             where tournee_id = ${tourneeId} and personne_morale_id = ${personneMoraleId}`,
      );
    },

    async enregistrerFichier(
      tx: Transaction,
      f: {
        typeDocument: 'PLANNING' | 'AVIS_PASSAGE';
        fileName: string;
        contenu: Buffer;
        sha256: string;
        personneMoraleId: number | null;
      },
    ) {
      const r = await ligne(
        tx,
        sql`insert into fichier (type_document, file_name, mime_type, taille, sha256, contenu, personne_morale_id)
            values (${f.typeDocument}, ${f.fileName}, 'application/pdf', ${f.contenu.length}, ${f.sha256},
                    ${f.contenu}, ${f.personneMoraleId})
            returning id`,
        identifiant,
      );
      return r.id;
    },
  };
}
export type TourneesFichiersRepository = ReturnType<typeof createTourneesFichiersRepository>;
