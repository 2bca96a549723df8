import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LIBELLES_TOURNEE, ongletsTournee, type OngletTournee } from '@estive/domain';
import { useSession } from '../../offline/session/session';
import { ProgrammationTournees } from '../programmation';
import { MesTournees } from './mes-tournees/MesTournees';

const LIBELLES: Record<OngletTournee, string> = {
  mesTournees: LIBELLES_TOURNEE.mesTournees,
  programmation: LIBELLES_TOURNEE.programmation,
};

const CONTENUS: Record<OngletTournee, () => React.JSX.Element> = {
  mesTournees: MesTournees,
  programmation: ProgrammationTournees,
};

/** The Tournée page (spec part 1 §2): tabs by role, Mes tournées alone for controllers. */
export default function TourneePage() {
  const { principal } = useSession();
  const [params, setParams] = useSearchParams();
  const onglets = ongletsTournee(principal?.roles ?? []);
  // The address keeps the tab: the wizard's 'Finaliser' and 'Annuler' come back to programming.
  const demande = params.get('onglet');
  const onglet = onglets.find((o) => o === demande) ?? onglets[0];
  if (onglets.length === 1 && onglet) {
    const Contenu = CONTENUS[onglet];
    return <Contenu />;
  }
  return (
    <Tabs
      value={onglet}
      onChange={(v) => v && setParams({ onglet: v }, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List>
        {onglets.map((o) => (
          <Tabs.Tab key={o} value={o} mih={44}>
            {LIBELLES[o]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {onglets.map((o) => {
        const Contenu = CONTENUS[o];
        return (
          <Tabs.Panel key={o} value={o} pt="md">
            <Contenu />
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
