import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { groupe, groupeMembre, personneMorale } from '../../db/schema';
import { motifContient } from '../../lib/paging';
import { colonnesOperateurCourt } from './operateur-court';
import { moraleDuPerimetre } from './perimetre';

const sansEspaces = (q: string) => q.replace(/\s+/g, '');

/** True when another group of the ODG bears the name; holds the ODG's group lock until commit. */
async function nomPris(tx: Transaction, odg: number, libelle: string, sauf?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('groupe'), ${odg})`);
  const [autre] = await tx
    .select({ id: groupe.id })
    .from(groupe)
    .where(
      and(
        eq(groupe.odgId, odg),
        sql`unaccent(lower(trim(${groupe.libelle}))) = unaccent(lower(trim(${libelle})))`,
        sauf === undefined ? undefined : ne(groupe.id, sauf),
      ),
    )
    .limit(1);
  return autre !== undefined;
}

/** Groups belong to one ODG: every query names it. */
export function createGroupeRepository(db: Database) {
  const nbMembres = sql<number>`(select count(*)::int from groupe_membre gm where gm.groupe_id = "groupe"."id")`;
  return {
    async lister(odg: number, offset: number, limite: number, libelle?: string) {
      const where = and(
        eq(groupe.odgId, odg),
        libelle
          ? sql`unaccent(lower(${groupe.libelle})) like unaccent(lower(${motifContient(libelle)}))`
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(groupe).where(where);
      const content = await db
        .select({ id: groupe.id, libelle: groupe.libelle, nbMembres })
        .from(groupe)
        .where(where)
        .orderBy(asc(groupe.libelle), asc(groupe.id))
        .limit(limite)
        .offset(offset);
      return { content, totalElements: total?.n ?? 0 };
    },
    async trouver(odg: number, id: number) {
      const [g] = await db
        .select({ id: groupe.id, libelle: groupe.libelle, nbMembres })
        .from(groupe)
        .where(and(eq(groupe.id, id), eq(groupe.odgId, odg)));
      return g;
    },
    /**
     * A new group, unless the ODG already has one of that name (accents and case aside):
     * 'doublon'. The ODG's groups are serialised by an advisory lock for the transaction, so two
     * requests of one double click cannot both pass the check.
     */
    async creer(odg: number, libelle: string) {
      return db.transaction(async (tx) => {
        if (await nomPris(tx, odg, libelle)) return 'doublon' as const;
        const [g] = await tx
          .insert(groupe)
          .values({ odgId: odg, libelle })
          .returning({ id: groupe.id });
        return g?.id;
      });
    },
    async modifier(odg: number, id: number, libelle: string) {
      return db.transaction(async (tx) => {
        // Another ODG's group is not found (404) before its name is compared with this ODG's.
        const [existant] = await tx
          .select({ id: groupe.id })
          .from(groupe)
          .where(and(eq(groupe.id, id), eq(groupe.odgId, odg)));
        if (!existant) return undefined;
        if (await nomPris(tx, odg, libelle, id)) return 'doublon' as const;
        const [g] = await tx
          .update(groupe)
          .set({ libelle, updatedAt: new Date() })
          .where(and(eq(groupe.id, id), eq(groupe.odgId, odg)))
          .returning({ id: groupe.id });
        return g?.id;
      });
    },
    async supprimer(odg: number, id: number) {
      return db.transaction(async (tx) => {
        const [g] = await tx
          .select({ id: groupe.id })
          .from(groupe)
          .where(and(eq(groupe.id, id), eq(groupe.odgId, odg)))
          .for('update');
        if (!g) return false;
        await tx.delete(groupeMembre).where(eq(groupeMembre.groupeId, id));
        await tx.delete(groupe).where(eq(groupe.id, id));
        return true;
      });
    },
    async membres(odg: number, id: number) {
      return db
        .select(colonnesOperateurCourt)
        .from(groupeMembre)
        .innerJoin(groupe, eq(groupe.id, groupeMembre.groupeId))
        .innerJoin(personneMorale, eq(personneMorale.id, groupeMembre.personneMoraleId))
        .where(
          and(
            eq(groupeMembre.groupeId, id),
            eq(groupe.odgId, odg),
            isNull(personneMorale.deletedAt),
          ),
        )
        .orderBy(asc(personneMorale.raisonSociale), asc(personneMorale.id));
    },
    /** Operators of the perimeter not yet in the group, matching the text. */
    async membresPossibles(odg: number, id: number, q: string) {
      return db
        .select(colonnesOperateurCourt)
        .from(personneMorale)
        .where(
          and(
            isNull(personneMorale.deletedAt),
            moraleDuPerimetre(odg),
            sql`exists (select 1 from groupe g where g.id = ${id} and g.odg_id = ${odg})`,
            sql`not exists (select 1 from groupe_membre gm where gm.groupe_id = ${id} and gm.personne_morale_id = "personne_morale"."id")`,
            q
              ? // The placeholder promises 'Raison sociale, siret, EDE ou PACAGE'; numbers are
                // typed with or without their spaces.
                sql`(unaccent(lower(${personneMorale.raisonSociale})) like unaccent(lower(${motifContient(q)}))
                     or replace(${personneMorale.siret}, ' ', '') like ${motifContient(sansEspaces(q))}
                     or replace(coalesce(${personneMorale.ede}, ''), ' ', '') like ${motifContient(sansEspaces(q))}
                     or replace(coalesce(${personneMorale.pacage}, ''), ' ', '') like ${motifContient(sansEspaces(q))})`
              : undefined,
          ),
        )
        .orderBy(asc(personneMorale.raisonSociale), asc(personneMorale.id))
        .limit(20);
    },
    /** Adds when both the group and the operator are the ODG's; false otherwise. */
    async ajouterMembre(odg: number, id: number, personneMoraleId: number) {
      return db.transaction(async (tx) => {
        const [g] = await tx
          .select({ id: groupe.id })
          .from(groupe)
          .where(and(eq(groupe.id, id), eq(groupe.odgId, odg)))
          .for('update');
        const [pm] = await tx
          .select({ id: personneMorale.id })
          .from(personneMorale)
          .where(
            and(
              eq(personneMorale.id, personneMoraleId),
              isNull(personneMorale.deletedAt),
              moraleDuPerimetre(odg),
            ),
          );
        if (!g || !pm) return false;
        await tx
          .insert(groupeMembre)
          .values({ groupeId: id, personneMoraleId })
          .onConflictDoNothing();
        return true;
      });
    },
    async retirerMembre(odg: number, id: number, personneMoraleId: number) {
      const r = await db
        .delete(groupeMembre)
        .where(
          and(
            eq(groupeMembre.groupeId, id),
            eq(groupeMembre.personneMoraleId, personneMoraleId),
            sql`${groupeMembre.groupeId} in (select g.id from groupe g where g.odg_id = ${odg})`,
          ),
        )
        .returning({ id: groupeMembre.id });
      return r.length > 0;
    },
  };
}
export type GroupeRepository = ReturnType<typeof createGroupeRepository>;
