import { Avatar, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconFileText, IconHelp, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { droitActif, useSession } from '../../offline/session/session';
import classes from './BoutonEntete.module.css';
import { useChangerDroitActif } from './useChangerDroitActif';

interface Props {
  /** On a phone, the help and the logout of the top bar are items of this menu. */
  surAide?: () => void;
  surDeconnexion?: () => void;
}

/**
 * The signed-in user: name and e-mail, and for a non-CNAOL user holding several rights (e.g. an
 * animateur of two ODGs) the choice of the active one. CNAOL chooses in the perimeter selector.
 */
export function MenuCompte({ surAide, surDeconnexion }: Props = {}) {
  const s = useSession();
  const changer = useChangerDroitActif();
  const droit = droitActif(s);
  if (!s.principal) return null;
  const { prenom, nom, mail, roles, droits } = s.principal;
  const choixDroit = !roles.includes('ROLE_CNAOL') && droits.length > 1;
  const initiales = `${prenom.charAt(0)}${nom.charAt(0)}`.toUpperCase();
  return (
    <Menu position="bottom-end" width={280}>
      <Menu.Target>
        <Tooltip label={`${prenom} ${nom}`}>
          {/* The account's initials, and from tablet width up the word 'Compte' under them. */}
          <UnstyledButton
            className={classes.bouton}
            aria-label={`Compte ${initiales} : ${prenom} ${nom}`}
          >
            <Avatar color="estive" radius="xl" size={26}>
              {initiales}
            </Avatar>
            <span className={classes.legende} aria-hidden>
              Compte
            </span>
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {prenom} {nom}
          <br />
          {mail}
        </Menu.Label>
        {droit && !choixDroit && (
          <Menu.Label hiddenFrom="md" data-testid="droit-actif">
            Périmètre : {droit.raisonSociale}
          </Menu.Label>
        )}
        {choixDroit && (
          <>
            <Menu.Divider />
            <Menu.Label>Périmètre</Menu.Label>
            {droits.map((d) => (
              <Menu.Item
                key={d.id}
                aria-current={d.id === droit?.id ? 'true' : undefined}
                leftSection={
                  d.id === droit?.id ? <IconCheck size={16} /> : <span style={{ width: 16 }} />
                }
                onClick={() => changer(d.id)}
              >
                {d.raisonSociale}
              </Menu.Item>
            ))}
          </>
        )}
        {/* On narrow screens the legal buttons of the top bar live here. */}
        <Menu.Divider hiddenFrom="md" />
        <Menu.Item
          hiddenFrom="md"
          component={Link}
          to="/mentions"
          leftSection={<IconFileText size={16} />}
        >
          Mentions légales
        </Menu.Item>
        <Menu.Item
          hiddenFrom="md"
          component={Link}
          to="/rgpd"
          leftSection={<IconShieldLock size={16} />}
        >
          Données personnelles
        </Menu.Item>
        {surAide && (
          <Menu.Item leftSection={<IconHelp size={16} />} onClick={surAide}>
            Documentation utilisateur
          </Menu.Item>
        )}
        {surDeconnexion && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={surDeconnexion}>
              Se déconnecter
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
