import { MESSAGES_VALIDATION } from '@estive/domain';

/** docs/architecture.md §4 and spec part 2 §9: every stored file is at most 5,000,000 bytes. */
export { TAILLE_MAX_FICHIER } from '@estive/domain';
export const MESSAGE_FICHIER_TROP_GROS = MESSAGES_VALIDATION.fichierTropGros;
