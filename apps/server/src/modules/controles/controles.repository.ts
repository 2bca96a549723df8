import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StatutControle } from '@estive/domain';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { colonne, lignes } from '../../db/lignes';
import { controle, journalAction } from '../../db/schema';
import { uneLigne } from '../../db/une-ligne';
import { listeSql } from '../../db/listes';

const ligneBureau = {
  id: controle.id,
  version: controle.version,
  statut: controle.statut,
  controleurId: controle.controleurId,
  raisonAbandon: controle.raisonAbandon,
  tourneeId: controle.tourneeId,
};
export interface LigneBureau {
  id: number;
  version: number;
  statut: StatutControle;
  controleurId: number | null;
  raisonAbandon: string | null;
  tourneeId: number | null;
}

/** An id (a label's, a file's, an account's) answered by a check. */
const identifiant = z.object({ id: colonne.entier });

/** SQL of the unannounced-inspection checks; the perimeter (ODG) is always in the WHERE. */
export function createControlesRepository(db: Database) {
  return {
    /** The labels of the ODG the operator holds a VALIDEE habilitation for ('habilité'). */
    async labelsHabilites(odgId: number, personneMoraleId: number): Promise<Set<string>> {
      const rows = await lignes(
        db,
        sql`select distinct h.aop_igp_id as id
              from habilitation h
              join aop_igp a on a.id = h.aop_igp_id and a.odg_id = ${odgId}
              join personne_morale p on p.id = h.personne_morale_id and p.deleted_at is null
             where h.personne_morale_id = ${personneMoraleId} and h.statut = 'VALIDEE'`,
        identifiant,
      );
      return new Set(rows.map((r) => String(r.id)));
    },

    /** Of the given files, those that are the operator's (its own or its habilitations'). */
    async documentsDeLOperateur(
      personneMoraleId: number,
      ids: readonly number[],
    ): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await lignes(
        db,
        sql`select f.id from fichier f
             where f.id in (${listeSql(ids)})
               and (f.personne_morale_id = ${personneMoraleId}
                    or f.habilitation_id in (select h.id from habilitation h
                                              where h.personne_morale_id = ${personneMoraleId}))`,
        identifiant,
      );
      return new Set(rows.map((r) => String(r.id)));
    },

    /**
     * Runs an office action on one control of the ODG, its row locked for the transaction: the
     * perimeter is in the WHERE, a control elsewhere (or deleted) is simply not found.
     */
    async dansLePerimetre<T>(
      id: number,
      odgId: number,
      action: (tx: Transaction, ligne: LigneBureau) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [ligne] = await tx
          .select(ligneBureau)
          .from(controle)
          .where(and(eq(controle.id, id), eq(controle.odgId, odgId), isNull(controle.deletedAt)))
          .for('update');
        return ligne ? action(tx, ligne) : undefined;
      });
    },

    /** Cancelled by the office: the trigger bumps version and change_xid, devices pull it. */
    async annuler(tx: Transaction, id: number, raison: string): Promise<LigneBureau> {
      return uneLigne(
        await tx
          .update(controle)
          .set({ statut: 'ANNULE', raisonAbandon: raison })
          .where(eq(controle.id, id))
          .returning(ligneBureau),
      );
    },

    /** Given to another controller (the service writes the tombstone in the same transaction). */
    async changerControleur(
      tx: Transaction,
      id: number,
      controleurId: number,
    ): Promise<LigneBureau> {
      return uneLigne(
        await tx
          .update(controle)
          .set({ controleurId })
          .where(eq(controle.id, id))
          .returning(ligneBureau),
      );
    },

    /** The change, in the office's append-only journal (ids only: names may be erased later). */
    async journaliserChangementControleur(
      tx: Transaction,
      e: { utilisateurId: number; controleId: number; avant: number | null; apres: number },
    ) {
      await tx.insert(journalAction).values({
        utilisateurId: e.utilisateurId,
        action: 'CHANGEMENT_CONTROLEUR',
        entite: 'controle',
        entiteId: e.controleId,
        details: { avant: e.avant, apres: e.apres },
      });
    },

    /** An active controller holding a right on the ODG (the only ones a control may be given to). */
    async estControleurDeLOdg(utilisateurId: number, odgId: number): Promise<boolean> {
      const rows = await lignes(
        db,
        sql`select u.id from utilisateur u
              join droit d on d.utilisateur_id = u.id and d.organisme_id = ${odgId}
             where u.id = ${utilisateurId} and u.actif and 'ROLE_CONTROLEUR' = any(u.roles)`,
        identifiant,
      );
      return rows.length > 0;
    },
  };
}
export type ControlesRepository = ReturnType<typeof createControlesRepository>;
