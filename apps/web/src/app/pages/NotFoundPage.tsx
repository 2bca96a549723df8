import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" p="xl" gap="md">
      <Title order={1}>Page introuvable</Title>
      <Text c="dimmed">La page demandée n'existe pas.</Text>
      <Button component={Link} to="/">
        Retour à l'accueil
      </Button>
    </Stack>
  );
}
