import { type ComponentType, type LazyExoticComponent } from 'react';
import { differe } from '../../lib/import-differe';

export interface OngletParametrage {
  valeur: string;
  libelle: string;
  Composant: LazyExoticComponent<ComponentType>;
}

/**
 * The settings tabs, one line each. Campagnes, Grille de contrôle and Documents are lane 16's;
 * Comptes and Tâches are lane 16b's (their folders `comptes/` and `taches/`).
 */
export const ONGLETS_PARAMETRAGE: OngletParametrage[] = [
  {
    valeur: 'campagnes',
    libelle: 'Campagnes',
    Composant: differe(() => import('./campagnes/OngletCampagnes')),
  },
  {
    valeur: 'grille',
    libelle: 'Grille de contrôle',
    Composant: differe(() => import('./grille/OngletGrille')),
  },
  {
    valeur: 'documents',
    libelle: 'Documents',
    Composant: differe(() => import('./documents/OngletDocuments')),
  },
  {
    valeur: 'modeles',
    libelle: 'Modèles de documents',
    Composant: differe(() => import('./modeles/OngletModeles')),
  },
  {
    valeur: 'comptes',
    libelle: 'Comptes',
    Composant: differe(() => import('./comptes/OngletComptes')),
  },
  {
    valeur: 'taches',
    libelle: 'Tâches',
    Composant: differe(() => import('./taches/OngletTaches')),
  },
];
