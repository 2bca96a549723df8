import { List, Stack, Text, Title } from '@mantine/core';
import { TEXTES_LEGAUX } from '@estive/domain';

export function RgpdPage() {
  return (
    <Stack p="xl" gap="md" maw={760} mx="auto">
      <Title order={1}>Données personnelles</Title>
      <Text>{TEXTES_LEGAUX.rgpd.comptes} Aucune inscription libre n'est possible.</Text>
      <Title order={2} size="h3">
        Durées de conservation
      </Title>
      <List spacing="xs">
        {TEXTES_LEGAUX.rgpd.conservation.map((duree) => (
          <List.Item key={duree}>{duree}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
