import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useConnectivite } from '../../offline/connectivity';
import { QuitterHorsLigne } from './QuitterHorsLigne';

export function NoConnectionPage() {
  const { enLigne } = useConnectivite();
  if (enLigne) return <Navigate to="/" replace />;
  return (
    <Stack align="center" p="xl" gap="md" maw={640} mx="auto">
      <Title order={1}>Page non accessible</Title>
      <Text ta="center">Cette page n'est pas disponible hors ligne.</Text>
      <Text ta="center">
        L'onglet{' '}
        <Anchor component={Link} to="/tournee">
          Mes Tournées
        </Anchor>{' '}
        fonctionne hors ligne : vous pouvez y consulter vos contrôles et les saisir.
      </Text>
      <QuitterHorsLigne />
    </Stack>
  );
}
