/** DESIGN §4 and spec part 2 §9: every stored file is at most 5,000,000 bytes. */
export const TAILLE_MAX_FICHIER = 5_000_000;
export const MESSAGE_FICHIER_TROP_GROS = 'Le fichier est trop gros (max 5Mo)';
