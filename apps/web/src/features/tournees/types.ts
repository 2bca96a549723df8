import type { z } from 'zod';
import type {
  annuaireDocumentSchema,
  ControleDocument,
  tourneeDocumentSchema,
} from '@estive/contracts';
import type { ControleLocal } from '../../offline/db';

/**
 * The device records the rounds area reads. Records are the server documents of the pull feeds
 * plus the local flags (`sync` false while holding unpushed work, `toCreate` for offline-made
 * controls); the device store types only part of them, so the contract's types name the rest.
 */

type Site = ControleDocument['sites'][number];

export interface ControleTournee extends ControleLocal {
  sites?: Partial<Site>[];
  fichiers?: ControleDocument['fichiers'];
  raisonAbandon?: string | null;
  /** The server's reason for refusing the device's entry (REJETE); null once accepted. */
  rejet?: string | null;
}

export type OperateurAnnuaire = Omit<z.infer<typeof annuaireDocumentSchema>, '_deleted'> & {
  sync?: boolean;
};

export type TourneeLocaleComplete = Omit<z.infer<typeof tourneeDocumentSchema>, '_deleted'> & {
  sync?: boolean;
};
