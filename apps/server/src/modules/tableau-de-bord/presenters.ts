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
import type { LigneManquement } from './tdb-manquements.repository';

export const versControle = (l: LigneControle): TdbControleLigne => ({
  ...l,
  activites: l.activites ?? [],
});
export const versManquement = (l: LigneManquement): TdbManquementLigne => ({
  ...l,
  activites: l.activites ?? [],
});

/** Business dates shown as the office reads them: Europe/Paris. */
const jourParis = (iso: string | null) =>
  iso === null ? null : new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
const jour = (j: string | null) => (j === null ? null : j.split('-').reverse().join('/'));

export const COLONNES_XLSX_CONTROLES: ColonneXlsx<LigneControle>[] = [
  { entete: 'Date', largeur: 12, valeur: (l) => jourParis(l.date) },
  { entete: 'Raison sociale', largeur: 36, valeur: (l) => l.raisonSociale },
  { entete: 'SIRET', largeur: 16, valeur: (l) => l.siret },
  { entete: 'AOP-IGP', largeur: 20, valeur: (l) => l.aopIgp },
  { entete: 'Activités', largeur: 30, valeur: (l) => (l.activites ?? []).join(', ') },
  { entete: 'Nature', largeur: 10, valeur: (l) => LIBELLES_NATURE[l.nature] },
  { entete: 'Niveau', largeur: 24, valeur: (l) => LIBELLES_NIVEAU[l.niveau] },
  { entete: 'Statut', largeur: 16, valeur: (l) => LIBELLES_STATUT_CONTROLE[l.statut] },
  {
    entete: 'Résultat',
    largeur: 14,
    valeur: (l) => (l.resultat ? LIBELLES_RESULTAT[l.resultat] : null),
  },
  { entete: 'Nb manquements', largeur: 10, valeur: (l) => l.nbManquement },
  { entete: 'Auditeur', largeur: 24, valeur: (l) => l.auditeur },
  { entete: "Commentaire de l'audité", largeur: 40, valeur: (l) => l.commentaireAudite },
];

export const COLONNES_XLSX_MANQUEMENTS: ColonneXlsx<LigneManquement>[] = [
  { entete: 'Date', largeur: 12, valeur: (l) => jourParis(l.date) },
  { entete: 'Raison sociale', largeur: 36, valeur: (l) => l.raisonSociale },
  { entete: 'SIRET', largeur: 16, valeur: (l) => l.siret },
  { entete: 'Code postal', largeur: 8, valeur: (l) => l.codePostal },
  { entete: 'Ville', largeur: 20, valeur: (l) => l.ville },
  { entete: 'AOP-IGP', largeur: 20, valeur: (l) => l.aopIgp },
  { entete: 'Nature', largeur: 10, valeur: (l) => (l.nature ? LIBELLES_NATURE[l.nature] : null) },
  { entete: 'Code', largeur: 10, valeur: (l) => l.codePoint },
  { entete: 'Point de contrôle', largeur: 40, valeur: (l) => l.libellePoint },
  { entete: 'État', largeur: 14, valeur: (l) => LIBELLES_ETAT_MANQUEMENT[l.etat] },
  { entete: 'Seuil', largeur: 12, valeur: (l) => (l.seuil ? LIBELLES_SEVERITE[l.seuil] : null) },
  { entete: 'Récidive', largeur: 10, valeur: (l) => (l.recidive ? 'Oui' : 'Non') },
  { entete: 'Suivi correctif', largeur: 12, valeur: (l) => jour(l.dateSuiviCorrective) },
  { entete: 'Suivi correcteur', largeur: 12, valeur: (l) => jour(l.dateSuiviCorrectrice) },
  { entete: 'Commentaire', largeur: 40, valeur: (l) => l.commentaire },
  { entete: "Informations de l'audité", largeur: 40, valeur: (l) => l.informationsAudite },
  { entete: "Informations de l'auditeur", largeur: 40, valeur: (l) => l.informationsAuditeur },
];
