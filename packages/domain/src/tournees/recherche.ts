/** The fields of an operator that the local search looks into (spec part 2 §5). */
export interface OperateurRecherche {
  siret?: string | null;
  raisonSociale?: string | null;
  codePostal?: string | null;
  ville?: string | null;
  mail?: string | null;
}

/** Lower case without accents: 'Épicéas' is found by typing 'epiceas' on a tablet keyboard. */
const normaliser = (texte: string): string =>
  texte
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Offline operator search: a case-insensitive (and accent-insensitive) match of the text on
 * siret, raisonSociale, codePostal, ville or mail. An empty text matches everyone.
 */
export function correspondOperateur(operateur: OperateurRecherche, texte: string): boolean {
  const cherche = normaliser(texte.trim());
  if (!cherche) return true;
  // A SIRET is read out and copied in groups ('513 315 518 93891'): digits and spaces (or dots)
  // only, it is compared on its digits.
  if (/^[\d\s.]+$/.test(cherche) && /\d/.test(cherche)) {
    const chiffres = cherche.replace(/[\s.]/g, '');
    if (operateur.siret?.replace(/\D/g, '').includes(chiffres)) return true;
  }
  return [
    operateur.siret,
    operateur.raisonSociale,
    operateur.codePostal,
    operateur.ville,
    operateur.mail,
  ].some((champ) => !!champ && normaliser(champ).includes(cherche));
}

export const rechercherOperateurs = <T extends OperateurRecherche>(
  operateurs: readonly T[],
  texte: string,
): T[] => operateurs.filter((o) => correspondOperateur(o, texte));
