import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
    Composant: lazy(() => import('./campagnes/OngletCampagnes')),
  },
  {
    valeur: 'grille',
    libelle: 'Grille de contrôle',
    Composant: lazy(() => import('./grille/OngletGrille')),
  },
  {
    valeur: 'documents',
    libelle: 'Documents',
    Composant: lazy(() => import('./documents/OngletDocuments')),
  },
  {
    valeur: 'modeles',
    libelle: 'Modèles de documents',
    Composant: lazy(() => import('./modeles/OngletModeles')),
  },
  {
    valeur: 'comptes',
    libelle: 'Comptes',
    Composant: lazy(() => import('./comptes/OngletComptes')),
  },
  { valeur: 'taches', libelle: 'Tâches', Composant: lazy(() => import('./taches/OngletTaches')) },
];
