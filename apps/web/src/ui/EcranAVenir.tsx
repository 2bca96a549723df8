import { Stack, Text, Title } from '@mantine/core';

/** Screens of the route table whose issue has not been built yet say so plainly. */
export function EcranAVenir({ titre }: { titre: string }) {
  return (
    <Stack p="xl" gap="xs">
      <Title order={2}>{titre}</Title>
      <Text c="dimmed">Cet écran arrive dans une prochaine version d'Estive.</Text>
    </Stack>
  );
}
