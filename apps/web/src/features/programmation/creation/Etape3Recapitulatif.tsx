import { SimpleGrid, Text } from '@mantine/core';
import { CarteLecture } from '../commun/CarteLecture';
import type { Tournee } from '../types';

/** Step 3 'Récapitulatif': each operator of the round, its date and its 'Avis de passage'. */
export function Etape3Recapitulatif({ tournee }: { tournee: Tournee }) {
  const operateurs = tournee.operateurs.filter((o) => o.valide);
  if (operateurs.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        Aucun contrôle dans cette tournée
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {operateurs.map((o) => (
        <CarteLecture key={o.operateur.id} o={o} />
      ))}
    </SimpleGrid>
  );
}
