import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, lignes } from '../../db/lignes';
import { campagne } from '../../db/schema';

/** A campaign of the ODG, with the number of its rounds. */
const ligneCampagne = z.object({
  id: colonne.texte,
  libelle: colonne.texte,
  debut: colonne.texte,
  fin: colonne.texte,
  courante: colonne.booleen,
  tournees: colonne.entier,
});

/** Campaigns belong to one ODG: every query names it. */
export function createCampagnesRepository(db: Database) {
  return {
    lister(odg: number) {
      return lignes(
        db,
        sql`select k.id::text as id, k.libelle, k.debut::text as debut, k.fin::text as fin,
                   k.courante,
                   (select count(*)::int from tournee t where t.campagne_id = k.id) as tournees
              from campagne k where k.odg_id = ${odg}
             order by k.debut desc, k.id desc`,
        ligneCampagne,
      );
    },

    async trouver(odg: number, id: number) {
      const [k] = await db
        .select({ debut: campagne.debut, fin: campagne.fin })
        .from(campagne)
        .where(and(eq(campagne.id, id), eq(campagne.odgId, odg)));
      return k;
    },

    /** The current campaign is unique per ODG (partial unique index): the others lose the flag first. */
    creer(odg: number, v: { libelle: string; debut: string; fin: string; courante: boolean }) {
      return db.transaction(async (tx) => {
        if (v.courante)
          await tx
            .update(campagne)
            .set({ courante: false, updatedAt: new Date() })
            .where(and(eq(campagne.odgId, odg), eq(campagne.courante, true)));
        const [k] = await tx
          .insert(campagne)
          .values({ ...v, odgId: odg, annee: Number(v.debut.slice(0, 4)) })
          .returning({ id: campagne.id });
        return k?.id;
      });
    },

    modifier(
      odg: number,
      id: number,
      v: Partial<{ libelle: string; debut: string; fin: string; courante: boolean }>,
    ) {
      return db.transaction(async (tx) => {
        if (v.courante)
          await tx
            .update(campagne)
            .set({ courante: false, updatedAt: new Date() })
            .where(and(eq(campagne.odgId, odg), eq(campagne.courante, true), ne(campagne.id, id)));
        const [k] = await tx
          .update(campagne)
          .set({
            ...v,
            ...(v.debut ? { annee: Number(v.debut.slice(0, 4)) } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(campagne.id, id), eq(campagne.odgId, odg)))
          .returning({ id: campagne.id });
        return k?.id;
      });
    },

    /** For rounds and the control pressure: the ODG's current campaign, if any. */
    async courante(odg: number) {
      const [k] = await db
        .select({ id: campagne.id })
        .from(campagne)
        .where(and(eq(campagne.odgId, odg), eq(campagne.courante, true)));
      return k?.id ?? null;
    },
  };
}
export type CampagnesRepository = ReturnType<typeof createCampagnesRepository>;
