import {
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_NATURE,
  LIBELLES_NIVEAU,
  LIBELLES_RESULTAT,
  LIBELLES_SEVERITE,
  LIBELLES_STATUT_CONTROLE,
} from '@estive/domain';
import type { TdbControleLigne, TdbManquementLigne } from '@estive/contracts';
import type { ColonneXlsx } from '../../lib/xlsx';
import type { LigneControle } from './tdb-controles.repository';
import type { LigneManquement } from './tdb-manquements-lignes.repository';

export const versControle = (l: LigneControle): TdbControleLigne => ({
  ...l,
  activites: l.activites ?? [],
});
export const versManquement = (l: LigneManquement): TdbManquementLigne => ({
  ...l,
  activites: l.activites ?? [],
});

export const COLONNES_XLSX_CONTROLES: ColonneXlsx<LigneControle>[] = [
  { titre: 'Date', largeur: 16, type: 'dateHeure', valeur: (l) => l.date },
  { titre: 'Raison sociale', largeur: 36, valeur: (l) => l.raisonSociale },
  { titre: 'SIRET', largeur: 16, valeur: (l) => l.siret },
  { titre: 'AOP-IGP', largeur: 20, valeur: (l) => l.aopIgp },
  { titre: 'Activités', largeur: 30, valeur: (l) => (l.activites ?? []).join(', ') },
  { titre: 'Nature', largeur: 10, valeur: (l) => LIBELLES_NATURE[l.nature] },
  { titre: 'Niveau', largeur: 24, valeur: (l) => LIBELLES_NIVEAU[l.niveau] },
  { titre: 'Statut', largeur: 16, valeur: (l) => LIBELLES_STATUT_CONTROLE[l.statut] },
  {
    titre: 'Résultat',
    largeur: 14,
    valeur: (l) => (l.resultat ? LIBELLES_RESULTAT[l.resultat] : null),
  },
  { titre: 'Nb manquements', largeur: 10, valeur: (l) => l.nbManquement },
  { titre: 'Auditeur', largeur: 24, valeur: (l) => l.auditeur },
  { titre: "Commentaire de l'audité", largeur: 40, valeur: (l) => l.commentaireAudite },
  { titre: "Raison de l'abandon", largeur: 40, valeur: (l) => l.raisonAbandon },
];

export const COLONNES_XLSX_MANQUEMENTS: ColonneXlsx<LigneManquement>[] = [
  { titre: 'Date', largeur: 16, type: 'dateHeure', valeur: (l) => l.date },
  { titre: 'Raison sociale', largeur: 36, valeur: (l) => l.raisonSociale },
  { titre: 'SIRET', largeur: 16, valeur: (l) => l.siret },
  { titre: 'Code postal', largeur: 8, valeur: (l) => l.codePostal },
  { titre: 'Ville', largeur: 20, valeur: (l) => l.ville },
  { titre: 'AOP-IGP', largeur: 20, valeur: (l) => l.aopIgp },
  { titre: 'Nature', largeur: 10, valeur: (l) => (l.nature ? LIBELLES_NATURE[l.nature] : null) },
  { titre: 'Code', largeur: 10, valeur: (l) => l.codePoint },
  { titre: 'Point de contrôle', largeur: 40, valeur: (l) => l.libellePoint },
  { titre: 'État', largeur: 14, valeur: (l) => LIBELLES_ETAT_MANQUEMENT[l.etat] },
  { titre: 'Seuil', largeur: 12, valeur: (l) => (l.seuil ? LIBELLES_SEVERITE[l.seuil] : null) },
  { titre: 'Récidive', largeur: 10, valeur: (l) => (l.recidive ? 'Oui' : 'Non') },
  { titre: 'Suivi correctif', largeur: 12, type: 'date', valeur: (l) => l.dateSuiviCorrective },
  { titre: 'Suivi correcteur', largeur: 12, type: 'date', valeur: (l) => l.dateSuiviCorrectrice },
  { titre: 'Commentaire', largeur: 40, valeur: (l) => l.commentaire },
  { titre: "Informations de l'audité", largeur: 40, valeur: (l) => l.informationsAudite },
  { titre: "Informations de l'auditeur", largeur: 40, valeur: (l) => l.informationsAuditeur },
];
