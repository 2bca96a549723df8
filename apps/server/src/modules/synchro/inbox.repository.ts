import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, lignes } from '../../db/lignes';
import { syncInbox, syncInboxFichier, syncInboxTraitement } from '../../db/schema';
import { sha256Hex } from '../../lib/hash';
import {
  PROFONDEUR_MAX,
  premierIndesirable,
  remplacerIndesirables,
  texteStockable,
} from '../../lib/stockable';
import { uneLigne } from '../../db/une-ligne';

/** A control push this node has just taken to replay. */
const ligneReprise = z.object({ inbox_id: colonne.entier });

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
  /** The text as received, when there is one: what the inbox keeps if jsonb cannot. */
  brut?: string;
  fichiers?: FichierRecu[];
}

/**
 * What `jsonb` can hold of a payload. A value PostgreSQL refuses (NUL, lone surrogate, extreme
 * nesting, JSON null) is kept whole as the base64 of its JSON text: the inbox never refuses a
 * request, and the office can still read it back exactly.
 */
export function payloadStockable(payload: unknown, brut?: string): unknown {
  if (payload === undefined && brut === undefined) return { absent: true };
  const indesirable =
    payload === null || payload === undefined
      ? { chemin: '', message: 'null' }
      : premierIndesirable(payload);
  if (!indesirable) return payload;
  const nonStockable = { chemin: indesirable.chemin, motif: indesirable.message };
  let texte = brut;
  try {
    texte ??= JSON.stringify(payload);
  } catch {
    // Nesting deeper than the serialiser's stack: kept down to the depth PostgreSQL accepts.
    return { nonStockable, tronque: tronquer(payload, PROFONDEUR_MAX - 2) };
  }
  return { nonStockable, jsonBase64: Buffer.from(texte, 'utf8').toString('base64') };
}

function tronquer(value: unknown, profondeur: number): unknown {
  if (typeof value === 'string') return texteStockable(value) ? value : nomStockable(value);
  if (typeof value !== 'object' || value === null) return value;
  if (profondeur === 0) return '…';
  if (Array.isArray(value)) return value.map((v) => tronquer(v, profondeur - 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [nomStockable(k), tronquer(v, profondeur - 1)]),
  );
}

/** A name as text PostgreSQL accepts: refused characters become U+FFFD (the bytes stay intact). */
export const nomStockable = (nom: string) =>
  texteStockable(nom) ? nom : remplacerIndesirables(nom);

/**
 * The append-only inbox (docs/architecture.md §5): what a device sent is written, in its own
 * transaction, before anything is applied. If applying fails or the process dies, the request is
 * still here.
 */
export function createInboxRepository(db: Database) {
  return {
    async enregistrer(entree: EntreeInbox): Promise<{ inboxId: number; fichierIds: number[] }> {
      return db.transaction(async (tx) => {
        const row = uneLigne(
          await tx
            .insert(syncInbox)
            .values({
              utilisateurId: entree.utilisateurId,
              droitId: entree.droitId,
              kind: entree.kind,
              appVersion: entree.appVersion,
              payload: payloadStockable(entree.payload, entree.brut),
            })
            .returning({ id: syncInbox.id }),
        );
        const fichierIds: number[] = [];
        for (const f of entree.fichiers ?? []) {
          const fr = uneLigne(
            await tx
              .insert(syncInboxFichier)
              .values({
                inboxId: row.id,
                fileName: nomStockable(f.nom),
                mimeType: nomStockable(f.mimeType),
                taille: f.contenu.length,
                // The sha256 of what arrived, not of what the device claims: both are compared later.
                sha256: sha256Hex(f.contenu),
                contenu: f.contenu,
              })
              .returning({ id: syncInboxFichier.id }),
          );
          fichierIds.push(fr.id);
        }
        return { inboxId: row.id, fichierIds };
      });
    },

    async enregistrerTraitement(inboxId: number, resultats: unknown): Promise<void> {
      await db
        .insert(syncInboxTraitement)
        .values({ inboxId, resultats: payloadStockable(resultats) });
    },

    async lire(inboxId: number) {
      const [row] = await db.select().from(syncInbox).where(eq(syncInbox.id, inboxId));
      return row;
    },

    /** The files received with an entry, as they arrived. */
    async fichiers(inboxId: number): Promise<FichierRecu[]> {
      const rows = await db
        .select({
          nom: syncInboxFichier.fileName,
          mimeType: syncInboxFichier.mimeType,
          contenu: syncInboxFichier.contenu,
        })
        .from(syncInboxFichier)
        .where(eq(syncInboxFichier.inboxId, inboxId))
        .orderBy(asc(syncInboxFichier.id));
      return rows;
    },

    /**
     * Takes, for this node, control pushes stored at least `ageMs` ago and never judged: the
     * lease of each is created, or renewed when older than `bailMs` (the node that held it
     * died); an entry taken `tentativesMax` times is left for `npm run inbox:replay`. One
     * statement, so two nodes never take the same entry at once.
     */
    async prendreAReprendre(o: {
      ageMs: number;
      bailMs: number;
      tentativesMax: number;
      max: number;
    }): Promise<number[]> {
      const rows = await lignes(
        db,
        sql`with candidats as (
              select i.id from sync_inbox i
               where i.kind = 'controle'
                 and i.received_at <= now() - make_interval(secs => ${o.ageMs / 1000})
                 and not exists (select 1 from sync_inbox_traitement t where t.inbox_id = i.id)
               order by i.id limit ${o.max})
            insert into sync_inbox_reprise (inbox_id) select id from candidats
            on conflict (inbox_id) do update
               set pris_le = now(), tentatives = sync_inbox_reprise.tentatives + 1
             where sync_inbox_reprise.pris_le <= now() - make_interval(secs => ${o.bailMs / 1000})
               and sync_inbox_reprise.tentatives < ${o.tentativesMax}
            returning inbox_id`,
        ligneReprise,
      );
      return rows.map((r) => r.inbox_id).sort((a, b) => a - b);
    },

    /** Control pushes stored but never judged (the process stopped in between), oldest first. */
    async controlesEnAttente(): Promise<number[]> {
      const rows = await db
        .select({ id: syncInbox.id })
        .from(syncInbox)
        .where(
          and(
            eq(syncInbox.kind, 'controle'),
            notExists(
              db
                .select({ id: syncInboxTraitement.id })
                .from(syncInboxTraitement)
                .where(eq(syncInboxTraitement.inboxId, syncInbox.id)),
            ),
          ),
        )
        .orderBy(asc(syncInbox.id));
      return rows.map((r) => r.id);
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
