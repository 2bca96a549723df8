import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OperateurSaisi } from '../types';
import { lignesAdresse, siret } from './affichage';

function Champ({ libelle, valeur }: { libelle: string; valeur: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {libelle}
      </Text>
      <Text size="sm">{valeur || '—'}</Text>
    </div>
  );
}

/** General information and address of the operator (read-only). */
export function CarteOperateur({ operateur }: { operateur: OperateurSaisi }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder>
        <Title order={4} mb="sm">
          Informations générales
        </Title>
        <SimpleGrid cols={2}>
          <Champ libelle="SIRET" valeur={siret(operateur.siret)} />
          <Champ libelle="Raison sociale" valeur={operateur.raisonSociale} />
          <Champ libelle="Nom" valeur={operateur.nom} />
          <Champ libelle="N° Pacage" valeur={operateur.pac} />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          Adresse
        </Title>
        <Stack gap={2}>
          {lignesAdresse(operateur).map((ligne) => (
            <Text size="sm" key={ligne}>
              {ligne}
            </Text>
          ))}
        </Stack>
        <SimpleGrid cols={2} mt="xs">
          <Champ libelle="Latitude" valeur={operateur.latitude?.toString()} />
          <Champ libelle="Longitude" valeur={operateur.longitude?.toString()} />
        </SimpleGrid>
      </Card>
    </SimpleGrid>
  );
}
