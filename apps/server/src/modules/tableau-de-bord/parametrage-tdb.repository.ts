import { eq } from 'drizzle-orm';
import type { ParametrageTdb } from '@estive/contracts';
import type { Database } from '../../db/client';
import { utilisateur } from '../../db/schema';

/** The user's dashboard settings live in `utilisateur.parametrage` (spec: User.parametrage). */
export function createParametrageTdbRepository(db: Database) {
  return {
    async lire(utilisateurId: number): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ p: utilisateur.parametrage })
        .from(utilisateur)
        .where(eq(utilisateur.id, utilisateurId));
      return row?.p;
    },
    async ecrire(utilisateurId: number, parametrage: ParametrageTdb): Promise<void> {
      await db.update(utilisateur).set({ parametrage }).where(eq(utilisateur.id, utilisateurId));
    },
  };
}
export type ParametrageTdbRepository = ReturnType<typeof createParametrageTdbRepository>;
