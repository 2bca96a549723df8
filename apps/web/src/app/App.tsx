import { Suspense, useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ROUTES } from '@estive/domain';
import {
  demarrerSession,
  droitActif,
  jetonPourSocket,
  session,
  surRetourEnLigne,
  terminerSession,
} from '../offline/session/session';
import { configurerClient } from '../lib/api';
import {
  abonnerConnectivite,
  lireConnectivite,
  signalerJoignabilite,
  surveillerConnectivite,
} from '../offline/connectivity';
import { Chargement } from '../ui/Chargement';
import { MainLayout } from './layout/MainLayout';
import { Garde } from './Garde';
import { ErreurApplicationPage } from './pages/ErreurApplicationPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PremierEcranAffiche, usePremierEcran } from './premierEcran';
import { PAGES, REDIRECTIONS } from './routes';
import { AlerteStockage } from './pwa/AlerteStockage';
import { UpdateNotifier } from './pwa/UpdateNotifier';
import { differe } from '../lib/import-differe';

// Not in the shell (issue 17, item 6): the sync engine comes with the button, a moment after the
// first paint; the route pages are lazy too (routes.tsx).
const BoutonSynchro = differe(() =>
  import('../features/synchro/BoutonSynchro').then((m) => ({ default: m.BoutonSynchro })),
);

/** The router is built from the domain's route table; each route's page comes from PAGES. */
const router = createBrowserRouter([
  {
    element: (
      <MainLayout
        synchro={
          <Suspense fallback={null}>
            <BoutonSynchro />
          </Suspense>
        }
      />
    ),
    errorElement: <ErreurApplicationPage />,
    children: [
      ...ROUTES.map((route) => {
        const Page = PAGES[route.name];
        return {
          path: route.path,
          element: (
            <Garde route={route}>
              <Suspense fallback={<Chargement />}>
                <Page />
                {!REDIRECTIONS.has(route.name) && <PremierEcranAffiche />}
              </Suspense>
            </Garde>
          ),
        };
      }),
      {
        path: '*',
        element: (
          <>
            <NotFoundPage />
            <PremierEcranAffiche />
          </>
        ),
      },
    ],
  },
]);

// The API client learns the active right, the end of the session and reachability from the app.
configurerClient({
  droitActif: () => droitActif()?.id ?? null,
  surSessionExpiree: () => void terminerSession(),
  surJoignabilite: signalerJoignabilite,
});
void demarrerSession();

// A principal fresh from the server (sign-in, start online, back online) or another active right:
// the device takes the ODG's auditors, so 'Recherche auditeur' also works offline.
let perimetreCharge: string | null = null;
session.subscribe(() => {
  const { source, droitActifId, principal } = session.get();
  if (source !== 'serveur' || !droitActifId || droitActifId === perimetreCharge) return;
  // The server refuses everything but the password change until a temporary password is changed.
  if (principal?.motDePasseTemporaire) return;
  perimetreCharge = droitActifId;
  void import('../features/controles/saisie/etape4/auditeurs').then((m) => m.prechargerAuditeurs());
});

let etaitEnLigne = lireConnectivite().enLigne;
abonnerConnectivite(() => {
  const { enLigne } = lireConnectivite();
  if (enLigne && !etaitEnLigne) surRetourEnLigne();
  etaitEnLigne = enLigne;
});

/** The server said this account was deactivated (issue 16 §4): sign out now, and say why. */
function sessionRevoquee(): void {
  notifications.show({
    color: 'red',
    title: 'Votre compte a été désactivé',
    message: 'Votre session a été fermée. Contactez votre organisme pour plus d’informations.',
    autoClose: false,
  });
  void terminerSession();
}

export function App() {
  useEffect(() => surveillerConnectivite(jetonPourSocket, sessionRevoquee), []);
  // The service worker registers once the first page is on screen (mounting UpdateNotifier
  // registers it): its install downloads the whole precache, which on a weak link would otherwise
  // share the wire with the first page (premierEcran.tsx).
  const pageAffichee = usePremierEcran();
  return (
    <>
      {pageAffichee && <UpdateNotifier />}
      <AlerteStockage />
      <RouterProvider router={router} />
    </>
  );
}
