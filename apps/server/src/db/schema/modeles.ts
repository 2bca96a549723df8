import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TypeModele } from '@estive/domain';
import { id, ref, timestamps, refRequise } from './columns';
import { organisme, utilisateur } from './organisations';

/**
 * An ODG's document template (issue 16 §3): avis de passage, planning, courrier de notification.
 * Absent, the built-in text is used. Not synchronised: the server writes the documents.
 */
export const modeleDocument = pgTable(
  'modele_document',
  {
    id: id(),
    odgId: refRequise('odg_id', () => organisme.id),
    type: text('type').$type<TypeModele>().notNull(),
    objet: text('objet').notNull(),
    corps: text('corps').notNull(),
    modifiePar: ref('modifie_par').references(() => utilisateur.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('modele_document_odg_type_uq').on(t.odgId, t.type)],
);
