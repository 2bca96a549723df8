import type { ColonneXlsx } from '../../lib/xlsx';
import type { PersonneMoraleRepository } from './personne-morale.repository';

type LigneOperateur = Awaited<ReturnType<PersonneMoraleRepository['lignesExport']>>[number];

/** Columns of the operators export, in French (spec part 2 §7 export). */
export const COLONNES_OPERATEURS: ColonneXlsx<LigneOperateur>[] = [
  { titre: 'Raison sociale', valeur: (l) => l.raisonSociale, largeur: 36 },
  { titre: 'Siret', valeur: (l) => l.siret, largeur: 16 },
  { titre: 'EDE', valeur: (l) => l.ede },
  { titre: 'PACAGE', valeur: (l) => l.pac },
  { titre: 'Adresse', valeur: (l) => l.adresse1, largeur: 30 },
  { titre: 'Code postal', valeur: (l) => l.codePostal },
  { titre: 'Ville', valeur: (l) => l.ville, largeur: 24 },
  { titre: 'Téléphone', valeur: (l) => l.telephone1, largeur: 16 },
  { titre: 'Mail', valeur: (l) => l.mail, largeur: 30 },
  { titre: 'Habilité', valeur: (l) => (l.isHabilite ? 'Oui' : 'Non') },
  { titre: 'AOP-IGP', valeur: (l) => l.aops, largeur: 30 },
  { titre: 'Date de création', valeur: (l) => l.createdAt, type: 'date' },
];
