import { Text } from '@mantine/core';

/** A settings tab whose screen is not built yet says so plainly. */
export function EnPreparation() {
  return <Text c="dimmed">Cet onglet arrive dans une prochaine version d'Estive.</Text>;
}
