import { formaterDate, type Declaratif } from '@estive/domain';

/** An ISO day ('2025-01-01') in French; any other text as the extranet sent it. */
const jour = (texte: string | null) =>
  texte && /^\d{4}-\d{2}-\d{2}/.test(texte) ? formaterDate(texte) : texte;

/** The period of a declaration: 'du 01/01/2025 au 31/12/2025', or what is known of it. */
export function periodeDeclaree(d: Declaratif): string {
  const [debut, fin] = [jour(d.debutPeriode), jour(d.finPeriode)];
  if (debut && fin) return `du ${debut} au ${fin}`;
  if (debut) return `depuis le ${debut}`;
  if (fin) return `jusqu'au ${fin}`;
  return '';
}

/** The declared figure with its unit: '47 VL'; null when the operator declared nothing. */
export function valeurDeclaree(d: Declaratif, unite: string | null): string | null {
  if (d.saisie === null || d.saisie.trim() === '') return null;
  return unite && unite !== 'date' ? `${d.saisie} ${unite}` : d.saisie;
}

/** The badge's tooltip: 'Déclaration de troupeau (extranet) : 47 VL, du 01/01/2025 au 31/12/2025'. */
export function detailDeclaratif(d: Declaratif, unite: string | null): string {
  const valeur = valeurDeclaree(d, unite) ?? 'aucune valeur';
  const periode = periodeDeclaree(d);
  return `${d.libelle ?? 'Valeur déclarée'} : ${valeur}${periode ? `, ${periode}` : ''}`;
}
