import { Tabs, Text } from '@mantine/core';
import { LIBELLES_TOURNEE, ongletsTournee, type OngletTournee } from '@estive/domain';
import { useSession } from '../../lib/session/session';
import { MesTournees } from './mes-tournees/MesTournees';

const LIBELLES: Record<OngletTournee, string> = {
  mesTournees: LIBELLES_TOURNEE.mesTournees,
  programmation: LIBELLES_TOURNEE.programmation,
};

/** The programming dashboard comes with its own issue; until then its tab says so. */
function ProgrammationAVenir() {
  return (
    <Text c="dimmed" p="md">
      La programmation des tournées arrive prochainement.
    </Text>
  );
}

const CONTENUS: Record<OngletTournee, () => React.JSX.Element> = {
  mesTournees: MesTournees,
  programmation: ProgrammationAVenir,
};

/** The Tournée page (spec part 1 §2): tabs by role, Mes tournées alone for controllers. */
export default function TourneePage() {
  const { principal } = useSession();
  const onglets = ongletsTournee(principal?.roles ?? []);
  if (onglets.length === 1) {
    const Contenu = CONTENUS[onglets[0]];
    return <Contenu />;
  }
  return (
    <Tabs defaultValue={onglets[0]} keepMounted={false}>
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
