import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { syncInbox, syncInboxFichier, syncInboxTraitement } from '../../db/schema';
import { sha256Hex } from '../../lib/hash';

export interface FichierRecu {
  nom: string;
  mimeType: string;
  contenu: Buffer;
}

export interface EntreeInbox {
  utilisateurId: number;
  droitId: number | null;
  kind: 'controle' | 'morale' | 'frontlogs';
  appVersion: string | null;
  payload: unknown;
  fichiers?: FichierRecu[];
}

/**
 * The append-only inbox (DESIGN §5): what a device sent is written, in its own transaction,
 * before anything is applied. If applying fails or the process dies, the request is still here.
 */
export function createInboxRepository(db: Database) {
  return {
    async enregistrer(entree: EntreeInbox): Promise<{ inboxId: number; fichierIds: number[] }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(syncInbox)
          .values({
            utilisateurId: entree.utilisateurId,
            droitId: entree.droitId,
            kind: entree.kind,
            appVersion: entree.appVersion,
            payload: entree.payload,
          })
          .returning({ id: syncInbox.id });
        const fichierIds: number[] = [];
        for (const f of entree.fichiers ?? []) {
          const [fr] = await tx
            .insert(syncInboxFichier)
            .values({
              inboxId: row.id,
              fileName: f.nom,
              mimeType: f.mimeType,
              taille: f.contenu.length,
              // The sha256 of what arrived, not of what the device claims: both are compared later.
              sha256: sha256Hex(f.contenu),
              contenu: f.contenu,
            })
            .returning({ id: syncInboxFichier.id });
          fichierIds.push(fr.id);
        }
        return { inboxId: row.id, fichierIds };
      });
    },

    async enregistrerTraitement(inboxId: number, resultats: unknown): Promise<void> {
      await db.insert(syncInboxTraitement).values({ inboxId, resultats });
    },

    async lire(inboxId: number) {
      const [row] = await db.select().from(syncInbox).where(eq(syncInbox.id, inboxId));
      return row;
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
