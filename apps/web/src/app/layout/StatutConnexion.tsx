import { Box, Button, Menu } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { definirHorsLigneManuel, useConnectivite } from '../../offline/connectivity';

/** 'En ligne' / 'Hors Ligne', with the manual offline mode in its menu (spec part 2 §4). */
export function StatutConnexion() {
  const { enLigne, horsLigneManuel } = useConnectivite();
  const libelle = enLigne ? 'En ligne' : 'Hors Ligne';
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          radius="xl"
          px={{ base: 'xs', sm: 'sm' }}
          // Mantine 9 paints a shaded 'light' button with the solid shade and its light text
          // colour (the label vanished): offline is a filled warning, black text for AA contrast.
          variant={enLigne ? 'light' : 'filled'}
          color={enLigne ? 'estive' : 'orange.9'}
          c={enLigne ? undefined : 'black'}
          leftSection={enLigne ? <IconWifi size={18} /> : <IconWifiOff size={18} />}
          aria-label={`Statut : ${libelle}`}
          // Whole in a full bar (1024 px cut it to 'En lign'): the ODG's name gives way instead.
          style={{ flexShrink: 0 }}
        >
          {/* Below 768 px the icon alone (its name stays in the label): the top bar is full. */}
          <Box component="span" visibleFrom="sm">
            {libelle}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {horsLigneManuel ? (
          <Menu.Item onClick={() => definirHorsLigneManuel(false)}>
            Quitter mode Hors Ligne
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => definirHorsLigneManuel(true)}>
            Passer en mode Hors Ligne
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
