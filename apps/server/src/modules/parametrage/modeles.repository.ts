import { sql } from 'drizzle-orm';
import type { TypeModele } from '@estive/domain';
import { queryRows, type Database } from '../../db/client';

export interface LigneModele {
  type: TypeModele;
  objet: string;
  corps: string;
  modifieLe: string;
}

/** The ODG's document templates (`modele_document`, one per ODG and type). */
export function createModelesRepository(db: Database) {
  return {
    lister: (odgId: number) =>
      queryRows<LigneModele>(
        db,
        sql`select type, objet, corps,
                   to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "modifieLe"
            from modele_document where odg_id = ${odgId}`,
      ),

    async enregistrer(
      odgId: number,
      type: TypeModele,
      v: { objet: string; corps: string },
      utilisateurId: number,
    ) {
      await db.execute(sql`
        insert into modele_document (odg_id, type, objet, corps, modifie_par)
        values (${odgId}, ${type}, ${v.objet}, ${v.corps}, ${utilisateurId})
        on conflict (odg_id, type) do update
          set objet = excluded.objet, corps = excluded.corps,
              modifie_par = excluded.modifie_par, updated_at = now()`);
    },

    async supprimer(odgId: number, type: TypeModele) {
      await db.execute(sql`delete from modele_document where odg_id = ${odgId} and type = ${type}`);
    },

    /** The letterhead of the ODG (name, address, phone, mail). */
    async odg(odgId: number) {
      const [row] = await queryRows<{
        raisonSociale: string;
        adresse: string | null;
        codePostal: string | null;
        ville: string | null;
        telephone: string | null;
        mail: string | null;
      }>(
        db,
        sql`select raison_sociale as "raisonSociale", adresse, code_postal as "codePostal",
                   ville, telephone, mail
            from organisme where id = ${odgId}`,
      );
      return row;
    },
  };
}
export type ModelesRepository = ReturnType<typeof createModelesRepository>;
