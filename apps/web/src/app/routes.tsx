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
  physique: lazy(() =>
    import('../features/annuaire/PhysiquePages').then((m) => ({ default: m.FichePhysiquePage })),
  ),
  physiqueModification: lazy(() =>
    import('../features/annuaire/PhysiquePages').then((m) => ({
      default: m.ModificationPhysiquePage,
    })),
  ),
  physiqueCreation: lazy(() =>
    import('../features/annuaire/PhysiquePages').then((m) => ({ default: m.CreationPhysiquePage })),
  ),
  morale: lazy(() => import('../features/annuaire/FicheMoralePage')),
  moraleModification: lazy(() =>
    import('../features/annuaire/MoralePages').then((m) => ({ default: m.ModificationMoralePage })),
  ),
  moraleCreation: lazy(() =>
    import('../features/annuaire/MoralePages').then((m) => ({ default: m.CreationMoralePage })),
  ),
  habilitationCreation: lazy(() =>
    import('../features/annuaire/HabilitationPages').then((m) => ({
      default: m.CreationHabilitationPage,
    })),
  ),
  habilitationModification: lazy(() =>
    import('../features/annuaire/HabilitationPages').then((m) => ({
      default: m.ModificationHabilitationPage,
    })),
  ),
  tdb: lazy(() => import('../features/tableau-de-bord/TableauDeBordPage')),
  tdbManquement: lazy(() => import('../features/tableau-de-bord/ManquementPage')),
  parametrage: lazy(() => import('../features/parametrage/ParametragePage')),
};
