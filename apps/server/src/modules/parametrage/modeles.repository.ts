import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TYPES_MODELE, type TypeModele } from '@estive/domain';
import type { Database } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';

/** A template the ODG wrote (the others are the defaults). */
const ligneModele = z.object({
  type: z.enum(TYPES_MODELE),
  objet: colonne.texte,
  corps: colonne.texte,
  /** ISO 8601, UTC (to_char). */
  modifieLe: colonne.texte,
});
export type LigneModele = z.output<typeof ligneModele>;

/** The ODG's letterhead. */
const ligneEnTete = z.object({
  raisonSociale: colonne.texte,
  adresse: colonne.texte.nullable(),
  codePostal: colonne.texte.nullable(),
  ville: colonne.texte.nullable(),
  telephone: colonne.texte.nullable(),
  mail: colonne.texte.nullable(),
});

/** The ODG's document templates (`modele_document`, one per ODG and type). */
export function createModelesRepository(db: Database) {
  return {
    lister: (odgId: number) =>
      lignes(
        db,
        sql`select type, objet, corps,
                   to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "modifieLe"
            from modele_document where odg_id = ${odgId}`,
        ligneModele,
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
      return premiereLigne(
        db,
        sql`select raison_sociale as "raisonSociale", adresse, code_postal as "codePostal",
                   ville, telephone, mail
            from organisme where id = ${odgId}`,
        ligneEnTete,
      );
    },
  };
}
export type ModelesRepository = ReturnType<typeof createModelesRepository>;
