import type { Auditeur } from '@estive/contracts';

export interface FiltresAuditeur {
  nom: string;
  prenom: string;
  organisme: string;
}

export const FILTRES_VIDES: FiltresAuditeur = { nom: '', prenom: '', organisme: '' };

/** Controllers type names as they come: 'Jeanningros' must match 'jéanningros ' and back. */
const plier = (v: string | null | undefined) =>
  (v ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr')
    .trim();

const contient = (valeur: string | null, filtre: string) => plier(valeur).includes(plier(filtre));

/** Every filter must match (contains, without case or accents); sorted by nom then prénom. */
export function filtrerAuditeurs(auditeurs: readonly Auditeur[], f: FiltresAuditeur): Auditeur[] {
  return auditeurs
    .filter(
      (a) =>
        contient(a.nom, f.nom) &&
        contient(a.prenom, f.prenom) &&
        contient(a.organisme, f.organisme),
    )
    .sort(
      (a, b) =>
        a.nom.localeCompare(b.nom, 'fr', { sensitivity: 'base' }) ||
        a.prenom.localeCompare(b.prenom, 'fr', { sensitivity: 'base' }),
    );
}
