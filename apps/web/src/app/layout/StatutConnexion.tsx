import { Badge, Menu } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { definirHorsLigneManuel, useConnectivite } from '../../offline/connectivity';

/** 'En ligne' / 'Hors Ligne', with the manual offline mode in its menu (spec part 2 §4). */
export function StatutConnexion() {
  const { enLigne, horsLigneManuel } = useConnectivite();
  const libelle = enLigne ? 'En ligne' : 'Hors Ligne';
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Badge
          component="button"
          type="button"
          size="xl"
          h={44}
          radius="xl"
          variant="light"
          color={enLigne ? 'estive' : 'orange'}
          leftSection={enLigne ? <IconWifi size={16} /> : <IconWifiOff size={16} />}
          style={{ cursor: 'pointer', textTransform: 'none' }}
          aria-label={`Statut : ${libelle}`}
        >
          {libelle}
        </Badge>
      </Menu.Target>
      <Menu.Dropdown>
        {horsLigneManuel ? (
          <Menu.Item onClick={() => definirHorsLigneManuel(false)}>Quitter mode Hors Ligne</Menu.Item>
        ) : (
          <Menu.Item onClick={() => definirHorsLigneManuel(true)}>
            Passer en mode Hors Ligne
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
