import { type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '@estive/domain';
import { NoConnectionPage } from './pages/NoConnectionPage';
import { NotLoggedInPage } from './pages/NotLoggedInPage';
import { RestrictedPage } from './pages/RestrictedPage';
import { HomeRedirect } from './pages/HomeRedirect';
import { LoginPage } from '../features/auth/LoginPage';
import { differe } from '../lib/import-differe';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

/** Routes whose page only sends elsewhere: no screen of their own (premierEcran.tsx). */
export const REDIRECTIONS: ReadonlySet<RouteName> = new Set(['home']);

/** The page of each route of the domain's route table: one line per page. */
export const PAGES: Record<RouteName, Page> = {
  home: HomeRedirect,
  // In the shell, not lazy: the first screen of a first visit, fetched with the shell in one wave.
  login: LoginPage,
  restricted: RestrictedPage,
  noConnection: NoConnectionPage,
  notLoggedIn: NotLoggedInPage,
  rgpd: differe(() => import('../features/legal/RgpdPage').then((m) => ({ default: m.RgpdPage }))),
  mentions: differe(() =>
    import('../features/legal/MentionsPage').then((m) => ({ default: m.MentionsPage })),
  ),
  tournee: differe(() => import('../features/tournees/TourneePage')),
  creationTournee: differe(() => import('../features/programmation/creation/CreationTourneePage')),
  creationRapideTournee: differe(
    () => import('../features/programmation/rapide/CreationRapidePage'),
  ),
  creationTourneeIno: differe(() => import('../features/tournees/inopine/CreationInopinePage')),
  depotExterne: differe(() => import('../features/controles/depot-externe/DepotExternePage')),
  detailTournee: differe(() => import('../features/programmation/detail/DetailTourneePage')),
  saisieControle: differe(() => import('../features/controles/saisie/SaisieControlePage')),
  recherche: differe(() => import('../features/annuaire/RecherchePage')),
  physique: differe(() =>
    import('../features/annuaire/PhysiquePages').then((m) => ({ default: m.FichePhysiquePage })),
  ),
  physiqueModification: differe(() =>
    import('../features/annuaire/PhysiquePages').then((m) => ({
      default: m.ModificationPhysiquePage,
    })),
  ),
  physiqueCreation: differe(() =>
    import('../features/annuaire/PhysiquePages').then((m) => ({ default: m.CreationPhysiquePage })),
  ),
  morale: differe(() => import('../features/annuaire/FicheMoralePage')),
  moraleModification: differe(() =>
    import('../features/annuaire/MoralePages').then((m) => ({ default: m.ModificationMoralePage })),
  ),
  moraleCreation: differe(() =>
    import('../features/annuaire/MoralePages').then((m) => ({ default: m.CreationMoralePage })),
  ),
  habilitationCreation: differe(() =>
    import('../features/annuaire/HabilitationPages').then((m) => ({
      default: m.CreationHabilitationPage,
    })),
  ),
  habilitationModification: differe(() =>
    import('../features/annuaire/HabilitationPages').then((m) => ({
      default: m.ModificationHabilitationPage,
    })),
  ),
  tdb: differe(() => import('../features/tableau-de-bord/TableauDeBordPage')),
  tdbManquement: differe(() => import('../features/tableau-de-bord/ManquementPage')),
  parametrage: differe(() => import('../features/parametrage/ParametragePage')),
};
