import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { personneMorale } from '../../db/schema';

/**
 * The operators an office user of ODG `odg` may see and edit (DESIGN §3: in the SQL): those
 * habilitated on one of the ODG's labels (the directory feed's rule), and those no ODG holds yet
 * (just created, or every habilitation withdrawn), so a creation can be followed by its first
 * habilitation and the duplicate check finds them. Anonymised operators are gone (deleted_at).
 */
export function moraleDuPerimetre(
  odg: number,
  id: SQL | typeof personneMorale.id = personneMorale.id,
): SQL {
  return sql`(exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                       where h.personne_morale_id = ${id} and a.odg_id = ${odg})
              or not exists (select 1 from habilitation h where h.personne_morale_id = ${id}))`;
}

/**
 * The same perimeter read from `personne_morale.odg_ids` (kept by triggers on habilitation and
 * aop_igp, GIN-indexed, see docs/decisions.md 'Operator search'), for the searches: an empty array
 * means no habilitation at all (a habilitation always yields its label's ODG).
 */
export function perimetreRecherche(odg: number): SQL {
  return sql`(${personneMorale.odgIds} @> array[${odg}]::bigint[] or ${personneMorale.odgIds} = '{}'::bigint[])`;
}

/**
 * The operator `id` if it is in ODG `odg`'s perimeter and not anonymised, locked until the end of
 * the transaction (a write on it and its habilitations waits for the one before).
 */
export async function verrouillerMorale(tx: Transaction, odg: number, id: number) {
  const [pm] = await tx
    .select({ id: personneMorale.id })
    .from(personneMorale)
    .where(and(eq(personneMorale.id, id), isNull(personneMorale.deletedAt), moraleDuPerimetre(odg)))
    .for('update');
  return pm;
}
