import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, type RouteDef } from '@estive/domain';
import { droitActif, etatJeton, useSession } from '../offline/session/session';
import { useConnectivite } from '../offline/connectivity';
import { Chargement } from '../ui/Chargement';
import { differe } from '../lib/import-differe';
import { PremierEcranAffiche } from './premierEcran';

const ChangementMotDePasse = differe(() => import('../features/auth/ChangementMotDePassePage'));

/** Applies the domain's access decision to a route: the page, or where to go instead. */
export function Garde({ route, children }: { route: RouteDef; children: ReactNode }) {
  const s = useSession();
  const { enLigne } = useConnectivite();
  const location = useLocation();
  if (!s.pret) return <Chargement />;
  // A temporary password (issue 16 §4) is changed before any page opens; the server agrees.
  if (s.principal?.motDePasseTemporaire && s.source === 'serveur' && !route.allowUnauth) {
    return (
      <Suspense fallback={<Chargement />}>
        <ChangementMotDePasse />
        <PremierEcranAffiche />
      </Suspense>
    );
  }
  const decision = decideAccess(route, {
    online: enLigne,
    tokenState: etatJeton(s.principal, enLigne),
    roles: s.principal?.roles ?? [],
    droitActifType: droitActif(s)?.type ?? null,
  });
  switch (decision) {
    case 'ALLOW':
    case 'EXPIRED':
      return children;
    case 'LOGIN':
      return <Navigate to="/login" replace state={{ depuis: location.pathname }} />;
    case 'RESTRICTED':
      return <Navigate to="/restricted" replace />;
    case 'NO_CONNECTION':
      return <Navigate to="/noConnection" replace />;
    case 'NOT_LOGGED_IN':
      return <Navigate to="/notLoggedIn" replace />;
  }
}
