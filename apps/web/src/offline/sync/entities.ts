import type { FluxCurseur } from '@estive/contracts';

/**
 * The pull feeds of spec part 2 §7 and the local collection each fills, reference data first (the
 * order of the progress labels). A run starts them a few at a time, the directory and the visits'
 * feeds first (engine.ts, PRIORITE): each writes its own table, and the run ends once all are in.
 */
export interface Flux {
  entite: FluxCurseur;
  table: string;
  /**
   * docs/architecture.md §5: 10 for controls and rounds, 200 for the directory, 100 for the rest.
   */
  taille: number;
  libelle: string;
  /**
   * The server takes the checkpoint the device presents as its receipt of what came before it
   * (the rounds: SYNCHRONISE once the controller's device holds them). Such a feed is pulled
   * until an empty batch, each batch written before the next is asked: the run that receives a
   * round also acknowledges it, and the office sees it at once (issue 27 §6).
   */
  accuseReception?: true;
}

export const FLUX: readonly Flux[] = [
  { entite: 'categorie', table: 'categorie', taille: 100, libelle: 'Catégories' },
  {
    entite: 'categorie-activite',
    table: 'categorieactivite',
    taille: 100,
    libelle: 'Catégories par activité',
  },
  { entite: 'activite-aop', table: 'activiteaop', taille: 100, libelle: 'Activités des AOP-IGP' },
  { entite: 'point-controle', table: 'pointcontrole', taille: 100, libelle: 'Points de contrôle' },
  {
    entite: 'point-controle-aop',
    table: 'pointcontroleaop',
    taille: 100,
    libelle: 'Seuils des points de contrôle',
  },
  {
    entite: 'groupesysexp',
    table: 'groupesysexp',
    taille: 100,
    libelle: "Groupes du système d'exploitation",
  },
  {
    entite: 'pointsysexp',
    table: 'pointsysexp',
    taille: 100,
    libelle: "Points du système d'exploitation",
  },
  {
    entite: 'organisme-certificateur',
    table: 'organismecertificateur',
    taille: 100,
    libelle: 'Organismes certificateurs',
  },
  { entite: 'referentiels', table: 'referentiels', taille: 100, libelle: 'Référentiels' },
  { entite: 'annuaire-morale', table: 'annuaire', taille: 200, libelle: 'Annuaire des opérateurs' },
  { entite: 'manquement', table: 'manquements', taille: 100, libelle: 'Manquements' },
  {
    entite: 'tournee',
    table: 'tournees',
    taille: 10,
    libelle: 'Tournées',
    accuseReception: true,
  },
  { entite: 'controle', table: 'controles', taille: 10, libelle: 'Contrôles' },
  { entite: 'frontlogs', table: 'frontlogs', taille: 100, libelle: 'Journaux' },
];
