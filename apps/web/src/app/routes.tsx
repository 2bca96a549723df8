import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '@estive/domain';
import { NoConnectionPage } from './pages/NoConnectionPage';
import { NotLoggedInPage } from './pages/NotLoggedInPage';
import { RestrictedPage } from './pages/RestrictedPage';
import { HomeRedirect } from './pages/HomeRedirect';
import { EcranAVenir } from '../ui/EcranAVenir';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

const aVenir = (titre: string): Page =>
  function Page() {
    return <EcranAVenir titre={titre} />;
  };

/** The page of each route of the domain's route table: one line per page. */
export const PAGES: Record<RouteName, Page> = {
  home: HomeRedirect,
  login: lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }))),
  restricted: RestrictedPage,
  noConnection: NoConnectionPage,
  notLoggedIn: NotLoggedInPage,
  rgpd: lazy(() => import('../features/legal/RgpdPage').then((m) => ({ default: m.RgpdPage }))),
  mentions: lazy(() =>
    import('../features/legal/MentionsPage').then((m) => ({ default: m.MentionsPage })),
  ),
  tournee: lazy(() => import('../features/tournees/TourneePage')),
  creationTournee: lazy(() => import('../features/programmation/creation/CreationTourneePage')),
  creationTourneeIno: lazy(() => import('../features/tournees/inopine/CreationInopinePage')),
  depotExterne: lazy(() => import('../features/controles/depot-externe/DepotExternePage')),
  detailTournee: lazy(() => import('../features/programmation/detail/DetailTourneePage')),
  saisieControle: lazy(() => import('../features/controles/saisie/SaisieControlePage')),
  recherche: lazy(() => import('../features/annuaire/RecherchePage')),
  physique: aVenir('Personne physique'),
  physiqueModification: aVenir('Modification de personne physique'),
  physiqueCreation: aVenir('Création de personne physique'),
  morale: lazy(() => import('../features/annuaire/FicheMoralePage')),
  moraleModification: aVenir('Modification de personne morale'),
  moraleCreation: aVenir('Création de personne morale'),
  habilitationCreation: aVenir("Création d'habilitation"),
  habilitationModification: aVenir("Modification d'habilitation"),
  tdb: lazy(() => import('../features/tableau-de-bord/TableauDeBordPage')),
  tdbManquement: lazy(() => import('../features/tableau-de-bord/ManquementPage')),
  parametrage: lazy(() => import('../features/parametrage/ParametragePage')),
};
