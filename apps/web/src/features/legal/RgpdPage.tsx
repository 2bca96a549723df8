import { List, Stack, Text, Title } from '@mantine/core';

export function RgpdPage() {
  return (
    <Stack p="xl" gap="md" maw={760} mx="auto">
      <Title order={1}>Données personnelles</Title>
      <Text>
        Les comptes des utilisateurs sont créés par un administrateur, sur demande de l'organisme
        auquel l'utilisateur est rattaché. Aucune inscription libre n'est possible.
      </Text>
      <Title order={2} size="h3">
        Durées de conservation
      </Title>
      <List spacing="xs">
        <List.Item>
          Données des opérateurs : pendant la durée de leur habilitation, puis au moins 5 ans après
          l'arrêt de leur production.
        </List.Item>
        <List.Item>Journaux techniques : 8 jours glissants.</List.Item>
        <List.Item>Cookies : 8 jours au plus.</List.Item>
      </List>
    </Stack>
  );
}
