import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { frontLog, personneMorale } from '../../db/schema';
import { uneLigne } from '../../db/une-ligne';

export interface Coordonnees {
  telephone1: string | null;
  telephone2: string | null;
  mail: string | null;
  siteWeb: string | null;
}

/** SQL of the operator-contact and device-log pushes. */
export const pushMoraleRepository = {
  async coordonnees(tx: Transaction, id: number) {
    const [row] = await tx
      .select({
        version: personneMorale.version,
        telephone1: personneMorale.telephone1,
        telephone2: personneMorale.telephone2,
        mail: personneMorale.mail,
        siteWeb: personneMorale.siteWeb,
      })
      .from(personneMorale)
      .where(eq(personneMorale.id, id))
      .for('update');
    return row;
  },

  async majCoordonnees(tx: Transaction, id: number, values: Coordonnees) {
    const row = uneLigne(
      await tx
        .update(personneMorale)
        .set(values)
        .where(eq(personneMorale.id, id))
        .returning({ version: personneMorale.version }),
    );
    return row.version;
  },

  /** Inserts the device logs; a log already received (same device id) is ignored. */
  async insererJournaux(
    db: Database,
    utilisateurId: number,
    logs: { clientId: string; source: string; logs: string; creation: Date }[],
  ): Promise<number> {
    if (logs.length === 0) return 0;
    const rows = await db
      .insert(frontLog)
      .values(logs.map((l) => ({ ...l, utilisateurId })))
      .onConflictDoNothing({ target: [frontLog.utilisateurId, frontLog.clientId] })
      .returning({ id: frontLog.id });
    return rows.length;
  },
};
