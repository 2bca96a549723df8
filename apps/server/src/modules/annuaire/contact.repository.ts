import { and, eq, isNull, sql } from 'drizzle-orm';
import { CIVILITES } from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { contact, personneMorale, personnePhysique } from '../../db/schema';
import { moraleDuPerimetre, verrouillerMorale, type Ecrivain } from './perimetre';
import { physiqueDuPerimetre } from './personne-physique.repository';

type Valeurs = Omit<typeof contact.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ContactModifiable = Partial<
  Pick<Valeurs, 'civilite' | 'nom' | 'prenom' | 'telephone1' | 'telephone2' | 'mail' | 'fonction'>
>;

/** Why nothing was written: the operator, the reused person, or the person is already linked. */
export type RefusContact = 'operateur' | 'personne' | 'doublon';

const civiliteDe = (v: string | null) => CIVILITES.find((c) => c === v) ?? null;

/**
 * An operator's contacts (table `contact`). Every write locks the operator if ODG `e.odg` may write
 * it (`moraleEcrivable` through `verrouillerMorale`), in the same transaction: the perimeter is in
 * the SQL. A contact's change touches its operator (trigger of migration 0001), so the directory
 * feed serves the operator again with its contacts, and a deleted contact leaves devices with it.
 */
export function createContactRepository(db: Database) {
  /** The operator of contact `id`, locked, if ODG `e.odg` may write it. */
  async function operateurEcrivable(tx: Transaction, e: Ecrivain, id: number) {
    const [c] = await tx
      .select({ personneMoraleId: contact.personneMoraleId })
      .from(contact)
      .where(eq(contact.id, id));
    if (!c) return undefined;
    return verrouillerMorale(tx, e.odg, c.personneMoraleId, e);
  }

  return {
    /**
     * Links a contact. With `personnePhysiqueId` the contact is that person of the perimeter (not
     * anonymised): identity from the person, phone and mail from the form or else the person's;
     * the same person twice on one operator is refused.
     */
    async ajouter(e: Ecrivain, v: Valeurs): Promise<number | RefusContact> {
      return db.transaction(async (tx) => {
        if (!(await verrouillerMorale(tx, e.odg, v.personneMoraleId, e))) return 'operateur';
        let valeurs = v;
        if (v.personnePhysiqueId != null) {
          const [p] = await tx
            .select()
            .from(personnePhysique)
            .where(
              and(
                eq(personnePhysique.id, v.personnePhysiqueId),
                eq(personnePhysique.anonymise, false),
                physiqueDuPerimetre(e.odg),
              ),
            );
          if (!p) return 'personne';
          const [deja] = await tx
            .select({ id: contact.id })
            .from(contact)
            .where(
              and(
                eq(contact.personneMoraleId, v.personneMoraleId),
                eq(contact.personnePhysiqueId, p.id),
              ),
            );
          if (deja) return 'doublon';
          valeurs = {
            ...v,
            civilite: civiliteDe(p.civilite),
            nom: p.nom,
            prenom: p.prenom,
            mail: v.mail ?? p.mail,
            telephone1: v.telephone1 ?? p.telephone,
          };
        }
        const [r] = await tx.insert(contact).values(valeurs).returning({ id: contact.id });
        return r?.id ?? 'operateur';
      });
    },

    async modifier(e: Ecrivain, id: number, v: ContactModifiable) {
      return db.transaction(async (tx) => {
        if (!(await operateurEcrivable(tx, e, id))) return undefined;
        const [r] = await tx
          .update(contact)
          .set({ ...v, updatedAt: new Date() })
          .where(eq(contact.id, id))
          .returning({ id: contact.id });
        return r?.id;
      });
    },

    /** A hard delete: contacts carry no tombstone, their operator's document is served again. */
    async supprimer(e: Ecrivain, id: number) {
      return db.transaction(async (tx) => {
        if (!(await operateurEcrivable(tx, e, id))) return undefined;
        const [r] = await tx
          .delete(contact)
          .where(eq(contact.id, id))
          .returning({ id: contact.id });
        return r?.id;
      });
    },

    /** Whether operator `id` is seen by ODG `odg` (in its perimeter, not anonymised). */
    async operateurVisible(odg: number, id: number) {
      const [r] = await db
        .select({ id: personneMorale.id })
        .from(personneMorale)
        .where(
          and(eq(personneMorale.id, id), isNull(personneMorale.deletedAt), moraleDuPerimetre(odg)),
        );
      return r !== undefined;
    },

    /** Whether contact `id` is seen by ODG `odg` (its operator in the perimeter, not anonymised). */
    async visible(odg: number, id: number) {
      const [r] = await db
        .select({ id: contact.id })
        .from(contact)
        .innerJoin(personneMorale, eq(personneMorale.id, contact.personneMoraleId))
        .where(
          and(
            eq(contact.id, id),
            isNull(personneMorale.deletedAt),
            moraleDuPerimetre(odg, sql`${personneMorale.id}`),
          ),
        );
      return r !== undefined;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
