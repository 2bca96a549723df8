import { Alert, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { useConnectivite } from '../../offline/connectivity';
import { QuitterHorsLigne } from './QuitterHorsLigne';

export function NotLoggedInPage() {
  const { enLigne, horsLigneManuel } = useConnectivite();
  if (enLigne) return <Navigate to="/" replace />;
  return (
    <Stack align="center" p="xl" gap="md" maw={640} mx="auto">
      <Title order={1}>Application inaccessible</Title>
      <Text ta="center">
        Vous êtes déconnecté et hors ligne : l'application ne peut pas être utilisée.
      </Text>
      <Text ta="center" c="dimmed">
        Pour travailler hors ligne, connectez-vous lorsque vous avez du réseau et ne vous
        déconnectez pas avant de partir sur le terrain.
      </Text>
      {horsLigneManuel && (
        <Alert color="yellow" title="Mode hors ligne manuel">
          Vous avez activé le mode hors ligne. Quittez-le pour vous connecter.
        </Alert>
      )}
      <QuitterHorsLigne />
    </Stack>
  );
}
