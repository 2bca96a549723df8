import { Drawer, List, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { BoutonEntete } from './BoutonEntete';

/** User documentation: a short in-app guide, available offline like the rest of the shell. */
export function Aide() {
  const [ouvert, { open, close }] = useDisclosure(false);
  return (
    <>
      <BoutonEntete
        label="Aide : documentation utilisateur"
        legende="Aide"
        onClick={open}
        icone={<IconHelp size={22} />}
      />
      <DocumentationUtilisateur ouvert={ouvert} surFermer={close} />
    </>
  );
}

/** The guide itself, opened by the top bar's button or, on a phone, from the account menu. */
export function DocumentationUtilisateur({
  ouvert,
  surFermer,
}: {
  ouvert: boolean;
  surFermer: () => void;
}) {
  return (
    <>
      <Drawer
        opened={ouvert}
        onClose={surFermer}
        position="right"
        title="Documentation utilisateur"
      >
        <Stack gap="md">
          <div>
            <Title order={3} size="h5">
              Travailler hors ligne
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>Synchronisez vos données avant de partir sur le terrain.</List.Item>
              <List.Item>
                L'onglet Tournée et la saisie des contrôles restent disponibles sans réseau.
              </List.Item>
              <List.Item>
                Ne vous déconnectez pas avant de partir : l'application ne pourrait plus s'ouvrir
                hors ligne.
              </List.Item>
              <List.Item>
                De retour sur le réseau, synchronisez : vos contrôles et rapports signés sont
                envoyés.
              </List.Item>
            </List>
          </div>
          <div>
            <Title order={3} size="h5">
              Statut de connexion
            </Title>
            <Text size="sm">
              Le badge « En ligne » / « Hors Ligne » indique si le serveur est joignable. Son menu
              permet de passer volontairement en mode Hors Ligne, par exemple sur un réseau
              instable.
            </Text>
          </div>
          <div>
            <Title order={3} size="h5">
              Mises à jour
            </Title>
            <Text size="sm">
              Quand une nouvelle version est disponible, une notification le signale : vérifiez que
              vos contrôles sont enregistrés avant de cliquer sur « Recharger ».
            </Text>
          </div>
        </Stack>
      </Drawer>
    </>
  );
}
