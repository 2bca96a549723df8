import { personneMorale } from '../../db/schema';

/** An operator in short, as lists of operators show it (groups, duplicates, short search). */
export const colonnesOperateurCourt = {
  id: personneMorale.id,
  raisonSociale: personneMorale.raisonSociale,
  siret: personneMorale.siret,
  codePostal: personneMorale.codePostal,
  ville: personneMorale.ville,
};
