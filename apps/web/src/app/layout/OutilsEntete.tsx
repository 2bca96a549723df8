import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileText, IconLogin, IconLogout, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { deconnecter, useSession } from '../../offline/session/session';
import { Aide, DocumentationUtilisateur } from './Aide';
import { BoutonEntete } from './BoutonEntete';
import { useTelephone } from './telephone';
import { MenuCompte } from './MenuCompte';
import { StatutConnexion } from './StatutConnexion';

/**
 * Right side of the top bar: the slot for the sync button (given by the app, shown only when
 * signed in), online status, legal notice, personal data, help, account and login/logout. On a
 * phone (below 600 px) the sync button keeps its date and the help and logout move into the
 * account menu: the bar holds what fits a 360 px screen, every action stays reachable.
 */
export function OutilsEntete({ synchro }: { synchro?: ReactNode }) {
  const { principal } = useSession();
  const navigate = useNavigate();
  // Mes tournées carries the sync button in its toolbar (spec part 1 §2): one button per screen.
  const synchroDansLaPage = useLocation().pathname === '/tournee';
  const telephone = useTelephone() && !!principal;
  const [aide, { open: ouvrirAide, close: fermerAide }] = useDisclosure(false);
  // The sync feature (and its count of unsynced work) loads on the click, not with the header.
  const demanderDeconnexion = () =>
    void import('../../features/synchro').then(({ confirmerDeconnexion }) =>
      confirmerDeconnexion(() => void deconnecter().then(() => navigate('/login'))),
    );
  return (
    <>
      {principal && !synchroDansLaPage && synchro}
      <StatutConnexion />
      <BoutonEntete
        to="/mentions"
        label="Mentions légales"
        legende="Mentions"
        visibleFrom={principal ? 'md' : undefined}
        icone={<IconFileText size={22} />}
      />
      <BoutonEntete
        to="/rgpd"
        label="Données personnelles"
        legende="Données"
        visibleFrom={principal ? 'md' : undefined}
        icone={<IconShieldLock size={22} />}
      />
      {telephone ? (
        <>
          <MenuCompte surAide={ouvrirAide} surDeconnexion={demanderDeconnexion} />
          <DocumentationUtilisateur ouvert={aide} surFermer={fermerAide} />
        </>
      ) : (
        <>
          <Aide />
          <MenuCompte />
        </>
      )}
      {telephone ? null : principal ? (
        <BoutonEntete
          label="Se déconnecter"
          legende="Se déconnecter"
          onClick={demanderDeconnexion}
          icone={<IconLogout size={22} />}
        />
      ) : (
        <Button component={Link} to="/login" variant="light" leftSection={<IconLogin size={18} />}>
          Connexion
        </Button>
      )}
    </>
  );
}
