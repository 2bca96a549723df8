import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, lignes } from '../../db/lignes';
import { panier, personneMorale } from '../../db/schema';
import { listeSql } from '../../db/listes';

const libelle = z.object({ id: colonne.entier, libelle: colonne.texte });

/** An operator as the control wizard prepares it; each json_agg is null when it has no row. */
const ligneInformations = z.object({
  id: colonne.entier,
  raison_sociale: colonne.texte,
  siret: colonne.texte,
  code_postal: colonne.texte.nullable(),
  ville: colonne.texte.nullable(),
  sites: z
    .array(
      z.object({
        id: colonne.entier,
        libelle: colonne.texte,
        siege: colonne.booleen,
        code_postal: colonne.texte.nullable(),
        ville: colonne.texte.nullable(),
        aop_ids: z.array(colonne.entier),
      }),
    )
    .nullable(),
  appellations: z.array(libelle.extend({ activites: z.array(libelle) })).nullable(),
  documents: z
    .array(
      z.object({
        id: colonne.entier,
        file_name: colonne.texte,
        type_document: colonne.texte,
        // A timestamp inside json_agg is JSON text, not a Date, on both drivers.
        date_creation: colonne.texte,
      }),
    )
    .nullable(),
});
export type LigneInformations = z.output<typeof ligneInformations>;

export function createPanierRepository(db: Database) {
  return {
    async lister(odgId: number, page: number, size: number) {
      const [total] = await db.select({ n: count() }).from(panier).where(eq(panier.odgId, odgId));
      const content = await db
        .select({
          id: panier.id,
          personneMoraleId: personneMorale.id,
          raisonSociale: personneMorale.raisonSociale,
          siret: personneMorale.siret,
          codePostal: personneMorale.codePostal,
          ville: personneMorale.ville,
        })
        .from(panier)
        .innerJoin(personneMorale, eq(personneMorale.id, panier.personneMoraleId))
        .where(eq(panier.odgId, odgId))
        .orderBy(asc(personneMorale.raisonSociale), asc(panier.id))
        .limit(size)
        .offset(page * size);
      return { content, totalElements: total?.n ?? 0 };
    },

    async compter(odgId: number) {
      const [total] = await db.select({ n: count() }).from(panier).where(eq(panier.odgId, odgId));
      return total?.n ?? 0;
    },

    /** Adds the operators to the perimeter's basket; those already in it stay as they are. */
    async ajouter(odgId: number, personneMoraleIds: number[]) {
      if (personneMoraleIds.length === 0) return 0;
      const rows = await db
        .insert(panier)
        .values(personneMoraleIds.map((personneMoraleId) => ({ odgId, personneMoraleId })))
        .onConflictDoNothing({ target: [panier.odgId, panier.personneMoraleId] })
        .returning({ id: panier.id });
      return rows.length;
    },

    /** Takes operators out of the basket; the number of rows removed. */
    async retirer(odgId: number, personneMoraleIds: number[]) {
      if (personneMoraleIds.length === 0) return 0;
      const rows = await db
        .delete(panier)
        .where(and(eq(panier.odgId, odgId), inArray(panier.personneMoraleId, personneMoraleIds)))
        .returning({ id: panier.id });
      return rows.length;
    },

    /**
     * Operators of the perimeter with their sites, the ODG's labels they are habilitated on (the
     * activities as activite_aop ids: a control's activiteAopIgpIds) and their DI and reports.
     */
    async informations(odgId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const liste = listeSql(ids);
      return lignes(
        db,
        sql`select p.id, p.raison_sociale, p.siret, p.code_postal, p.ville,
                   (select json_agg(json_build_object('id', s.id, 'libelle', s.libelle, 'siege', s.siege,
                                    'code_postal', s.code_postal, 'ville', s.ville, 'aop_ids', s.aop_ids)
                                    order by s.siege desc, s.libelle, s.id)
                      from site s where s.personne_morale_id = p.id) as sites,
                   (select json_agg(json_build_object('id', x.id, 'libelle', x.libelle, 'activites', x.activites)
                                    order by x.libelle, x.id)
                      from (select a.id, a.libelle,
                                   json_agg(distinct jsonb_build_object('id', aa.id, 'libelle', ac.libelle)) as activites
                              from habilitation h
                              join aop_igp a on a.id = h.aop_igp_id and a.odg_id = ${odgId}
                              join activite_aop aa on aa.aop_igp_id = h.aop_igp_id
                                                  and aa.activite_id = h.activite_id and aa.deleted_at is null
                              join activite ac on ac.id = aa.activite_id
                             where h.personne_morale_id = p.id
                             group by a.id, a.libelle) x) as appellations,
                   (select json_agg(json_build_object('id', f.id, 'file_name', f.file_name,
                                    'type_document', f.type_document, 'date_creation', f.date_creation)
                                    order by f.date_creation desc, f.id)
                      from fichier f
                     where f.type_document in ('DI', 'RAPPORT_AUDIT')
                       and (f.personne_morale_id = p.id
                            or f.habilitation_id in (select h.id from habilitation h where h.personne_morale_id = p.id))) as documents
              from personne_morale p
             where p.id in (${liste}) and p.odg_ids @> array[${odgId}]::bigint[] and p.deleted_at is null
             order by p.raison_sociale, p.id`,
        ligneInformations,
      );
    },

    async contenu(odgId: number) {
      const rows = await db
        .select({ id: panier.personneMoraleId })
        .from(panier)
        .where(eq(panier.odgId, odgId));
      return rows.map((r) => r.id);
    },
  };
}
export type PanierRepository = ReturnType<typeof createPanierRepository>;
