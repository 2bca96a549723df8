import { Stack, Text, Title } from '@mantine/core';

export function MentionsPage() {
  return (
    <Stack p="xl" gap="md" maw={760} mx="auto">
      <Title order={1}>Mentions légales</Title>
      <Text>
        Estive est un service réservé aux utilisateurs enregistrés : les organismes de défense et de
        gestion des appellations laitières, leurs animateurs et leurs contrôleurs.
      </Text>
      <Text>
        Le service est édité par le Conseil national des appellations d'origine laitières (CNAOL),
        organisme national de coordination des appellations d'origine laitières.
      </Text>
      <Text>
        Les comptes sont créés par un administrateur ; toute utilisation du service suppose
        l'acceptation de la politique de protection des données personnelles.
      </Text>
    </Stack>
  );
}
