import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { personneMorale } from '../../db/schema';
import { hasRole, type Acteur } from '../../lib/acteur';
import { forbidden } from '../../lib/errors';

/**
 * Who writes in the directory, as the write rules' SQL sees it: the active right's ODG, and
 * whether CNAOL acts (it holds a right on every ODG, so its rights say nothing of what it manages).
 */
export interface Ecrivain {
  odg: number;
  cnaol: boolean;
}
export const ecrivainDe = (acteur: Acteur, odg: number): Ecrivain => ({
  odg,
  cnaol: hasRole(acteur, 'ROLE_CNAOL'),
});

/**
 * The operators an office user of ODG `odg` may see (docs/architecture.md §3: in the SQL): those
 * habilitated on one of the ODG's labels (the directory feed's rule), and those no ODG holds yet
 * (just created), so that the duplicate check finds them and any ODG may give one its first
 * habilitation. Anonymised operators are gone (deleted_at). Writing is narrower: `moraleEcrivable`.
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
 * The operators ODG `e.odg` may change (edit, add a site or a contact, anonymise), on a query of
 * `personne_morale` (docs/decisions.md 'Annuaire: the write perimeter'): those habilitated on one
 * of its labels; one without any habilitation only if this ODG created it (`odg_createur_id`,
 * migration 0027). CNAOL changes every operator it sees: it owns those nobody created (older rows).
 */
export function moraleEcrivable(e: Ecrivain): SQL {
  if (e.cnaol) return moraleDuPerimetre(e.odg);
  const id = personneMorale.id;
  return sql`(exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                       where h.personne_morale_id = ${id} and a.odg_id = ${e.odg})
              or (${personneMorale.odgCreateurId} = ${e.odg}
                  and not exists (select 1 from habilitation h where h.personne_morale_id = ${id})))`;
}

/** An operator seen but not writable can only be one without habilitation created elsewhere. */
export const MESSAGE_OPERATEUR_D_UN_AUTRE_ODG =
  'Cet opérateur sans habilitation ne peut être modifié ou anonymisé que par l’ODG qui l’a créé ou par le CNAOL';
export const operateurDUnAutreOdg = () => forbidden(MESSAGE_OPERATEUR_D_UN_AUTRE_ODG);

/**
 * The perimeter for full-text searches, read from `personne_morale.odg_ids` (kept by triggers on
 * habilitation and aop_igp, GIN-indexed, see docs/decisions.md 'Operator search'): an empty array
 * means no habilitation at all (a habilitation always yields its label's ODG).
 */
export function perimetreRecherche(odg: number): SQL {
  return sql`(${personneMorale.odgIds} @> array[${odg}]::bigint[] or ${personneMorale.odgIds} = '{}'::bigint[])`;
}

/**
 * The operator `id` if it is in ODG `odg`'s perimeter (or, given `e`, writable by it) and not
 * anonymised, locked until the end of the transaction (a write on it and its habilitations waits
 * for the one before). A habilitation needs only the first: it is how an ODG takes an operator.
 */
export async function verrouillerMorale(tx: Transaction, odg: number, id: number, e?: Ecrivain) {
  const [pm] = await tx
    .select({ id: personneMorale.id })
    .from(personneMorale)
    .where(
      and(
        eq(personneMorale.id, id),
        isNull(personneMorale.deletedAt),
        e ? moraleEcrivable(e) : moraleDuPerimetre(odg),
      ),
    )
    .for('update');
  return pm;
}
