import { Navigate } from 'react-router';
import { homeRedirect } from '@estive/domain';
import { etatJeton, useSession } from '../../offline/session/session';
import { useConnectivite } from '../../offline/connectivity';

export function HomeRedirect() {
  const s = useSession();
  const { enLigne } = useConnectivite();
  const to = homeRedirect({
    online: enLigne,
    authenticated: etatJeton(s.principal, enLigne) !== 'NONE',
    roles: s.principal?.roles ?? [],
  });
  return <Navigate to={to} replace />;
}
