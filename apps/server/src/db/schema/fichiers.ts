import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TypeDocument } from '@estive/domain';
import { id, ref } from './columns';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every file lives in PostgreSQL with its sha256: one store to back up (docs/architecture.md §4).
 */
export const fichier = pgTable(
  'fichier',
  {
    id: id(),
    typeDocument: text('type_document').$type<TypeDocument>().notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    taille: integer('taille').notNull(),
    sha256: text('sha256').notNull(),
    contenu: bytea('contenu').notNull(),
    personneMoraleId: ref('personne_morale_id'),
    habilitationId: ref('habilitation_id'),
    controleId: ref('controle_id'),
    dateCreation: timestamp('date_creation', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fichier_taille_max', sql`${t.taille} <= 5000000`),
    index('fichier_personne_morale_idx').on(t.personneMoraleId),
    index('fichier_controle_idx').on(t.controleId),
  ],
);
