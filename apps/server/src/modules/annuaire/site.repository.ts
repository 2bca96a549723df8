import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { colonne, ligneCompte, lignes } from '../../db/lignes';
import { site } from '../../db/schema';
import { verrouillerMorale, type Ecrivain } from './perimetre';

/** A list of ids as one bound parameter (a text array literal cast in SQL). */
const tableau = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

type SiteInsert = typeof site.$inferInsert;
type Valeurs = Omit<Partial<SiteInsert>, 'id' | 'personneMoraleId'>;

/** Why a write did nothing: the operator is not writable, the site is not its, a label is not allowed. */
export type RefusSite = 'operateur' | 'site' | 'aopIds';

/**
 * The labels of `aopIds` the ODG may put on the operator's site: its own labels (`a.odg_id`) on
 * which the operator holds a habilitation. Any other id refuses the whole write.
 */
async function aopIdsAutorises(
  tx: Transaction,
  odg: number,
  personneMoraleId: number,
  aopIds: number[],
) {
  if (!aopIds.length) return true;
  const rows = await lignes(
    tx,
    sql`select distinct a.id from aop_igp a join habilitation h on h.aop_igp_id = a.id
         where a.odg_id = ${odg} and h.personne_morale_id = ${personneMoraleId}
           and a.id = any(${tableau(aopIds)})`,
    z.object({ id: colonne.entier }),
  );
  return rows.length === new Set(aopIds).size;
}

/**
 * A site's labels after the ODG's choice: the labels of other ODGs it carried stay (each ODG
 * links a site to its own labels only), the ODG's are replaced by `aopIds`.
 */
const aopIdsApres = (odg: number, aopIds: number[]) =>
  sql`array(select x from unnest(${site.aopIds}) x
             where not exists (select 1 from aop_igp a where a.id = x and a.odg_id = ${odg}))
      || ${tableau(aopIds)}`;

/**
 * An operator's sites, written by the ODG that may write the operator (moraleEcrivable): the
 * operator is locked first, so no habilitation change slips between the check and the write.
 * A site's change touches its operator (trigger `site_touch_personne_morale`): the directory feed
 * sends the operator again, with its sites as they now are (a deleted one is simply absent).
 */
export function createSiteRepository(db: Database) {
  return {
    async ajouter(e: Ecrivain, personneMoraleId: number, v: Valeurs & Pick<SiteInsert, 'libelle'>) {
      return db.transaction(async (tx): Promise<number | RefusSite> => {
        if (!(await verrouillerMorale(tx, e.odg, personneMoraleId, e))) return 'operateur';
        if (!(await aopIdsAutorises(tx, e.odg, personneMoraleId, v.aopIds ?? []))) return 'aopIds';
        const [r] = await tx
          .insert(site)
          .values({ ...v, personneMoraleId })
          .returning({ id: site.id });
        return r?.id ?? 'site';
      });
    },

    async modifier(e: Ecrivain, personneMoraleId: number, siteId: number, v: Valeurs) {
      return db.transaction(async (tx): Promise<number | RefusSite> => {
        if (!(await verrouillerMorale(tx, e.odg, personneMoraleId, e))) return 'operateur';
        const { aopIds, ...champs } = v;
        if (aopIds && !(await aopIdsAutorises(tx, e.odg, personneMoraleId, aopIds)))
          return 'aopIds';
        const [r] = await tx
          .update(site)
          .set({
            ...champs,
            ...(aopIds ? { aopIds: aopIdsApres(e.odg, aopIds) } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(site.id, siteId), eq(site.personneMoraleId, personneMoraleId)))
          .returning({ id: site.id });
        return r?.id ?? 'site';
      });
    },

    /**
     * Deletes the site unless a control (not deleted) cites it: then the number of those controls,
     * and nothing changes (their reports name the site; docs/decisions.md 'Sites: deleted unless
     * cited').
     */
    async supprimer(e: Ecrivain, personneMoraleId: number, siteId: number) {
      return db.transaction(async (tx): Promise<{ id: number } | { cites: number } | RefusSite> => {
        if (!(await verrouillerMorale(tx, e.odg, personneMoraleId, e))) return 'operateur';
        const [cites] = await lignes(
          tx,
          sql`select count(*)::int as n from controle c
               where c.personne_morale_id = ${personneMoraleId} and ${siteId} = any(c.site_ids)
                 and c.deleted_at is null`,
          ligneCompte,
        );
        if (cites && cites.n > 0) return { cites: cites.n };
        const [r] = await tx
          .delete(site)
          .where(and(eq(site.id, siteId), eq(site.personneMoraleId, personneMoraleId)))
          .returning({ id: site.id });
        return r ? { id: r.id } : 'site';
      });
    },
  };
}
export type SiteRepository = ReturnType<typeof createSiteRepository>;
