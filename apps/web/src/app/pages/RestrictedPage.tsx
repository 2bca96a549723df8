import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function RestrictedPage() {
  return (
    <Stack align="center" p="xl" gap="md">
      <Title order={1}>Accès interdit</Title>
      <Text>Vous n'avez pas accès à cette page.</Text>
      <Text c="dimmed">
        Si vous pensez qu'il s'agit d'une erreur, contactez l'administrateur du système.
      </Text>
      <Button component={Link} to="/" variant="light">
        Retour à l'accueil
      </Button>
    </Stack>
  );
}
