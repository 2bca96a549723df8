import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';
import { TYPES_ODG } from '../../db/vocabulaire';

/** A reserved number, as text (the sequence is a bigint). */
const ligneNumeroReserve = z.object({ numero: colonne.texte });
/** A reservation: the control that took its number, if any (as text). */
const ligneReservation = z.object({ controleId: colonne.texte.nullable() });

/**
 * Unused numbers one user may hold under one ODG. Each device tops its block up to 20, and a wiped
 * or replaced tablet never gives its block back (its numbers stay gaps): 1,000 is fifty devices or
 * wipes before a controller is stuck, while a runaway client still cannot drain the sequence.
 * 200 (ten devices) was reached by the end-to-end suite's fresh browsers, then by nobody's fault
 * offline creation was refused.
 */
export const NUMEROS_LIBRES_MAX = 1000;

/** SQL of report numbers (docs/architecture.md §5 'Report numbers'). */
export const numerosRapportRepository = {
  /**
   * Reserves up to `nombre` new numbers for the user under the ODG, drawn from the sequence every
   * control takes its number from, and answers them. Nothing is reserved unless the user holds a
   * right on that ODG (an ODG with a SIRET, the only kind that creates unannounced controls), nor
   * beyond `NUMEROS_LIBRES_MAX` unused ones.
   */
  async reserver(db: Database, utilisateurId: number, odgId: number, nombre: number) {
    const reserves = await lignes(
      db,
      sql`insert into numero_rapport_reserve (numero, utilisateur_id, odg_id)
          select nextval('numero_rapport_seq'), ${utilisateurId}, ${odgId}
          from generate_series(1, least(${nombre}::int, ${NUMEROS_LIBRES_MAX}::int - (
            select count(*)::int from numero_rapport_reserve r
            where r.utilisateur_id = ${utilisateurId} and r.odg_id = ${odgId}
              and r.controle_id is null)))
          where exists (
            select 1 from droit d join organisme o on o.id = d.organisme_id
            where d.utilisateur_id = ${utilisateurId} and d.organisme_id = ${odgId}
              and o.type in (${TYPES_ODG}) and o.siret is not null)
          returning numero::text as numero`,
      ligneNumeroReserve,
    );
    return reserves.map((l) => l.numero).sort((a, b) => Number(a) - Number(b));
  },

  /**
   * The reservation of `numero`, locked, if it is the user's: `controleId` says whether a control
   * already took it.
   */
  async reservation(tx: Transaction, numero: number, utilisateurId: number) {
    return premiereLigne(
      tx,
      sql`select controle_id::text as "controleId" from numero_rapport_reserve
          where numero = ${numero} and utilisateur_id = ${utilisateurId} for update`,
      ligneReservation,
    );
  },

  async attribuer(tx: Transaction, numero: number, controleId: number) {
    await tx.execute(
      sql`update numero_rapport_reserve set controle_id = ${controleId} where numero = ${numero}`,
    );
  },
};
