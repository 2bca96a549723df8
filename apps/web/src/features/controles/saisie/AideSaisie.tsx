import { Drawer, List, Stack, Text, Title } from '@mantine/core';

/** The input-help side panel 'Aide à la saisie' (its wording beyond the title is ours). */
export function AideSaisie({ ouvert, onFermer }: { ouvert: boolean; onFermer: () => void }) {
  return (
    <Drawer opened={ouvert} onClose={onFermer} position="right" title="Aide à la saisie" size="md">
      <Stack>
        <Title order={5}>Point de contrôle</Title>
        <List size="sm" spacing={4}>
          <List.Item>
            C : conforme, NC : non conforme, SO : sans objet, NO : non observable.
          </List.Item>
          <List.Item>
            Une valeur saisie est comparée aux seuils grave, majeur puis mineur.
          </List.Item>
          <List.Item>Un groupe du système d'exploitation peut être ignoré.</List.Item>
          <List.Item>Un onglet marqué en rouge contient des points incomplets.</List.Item>
        </List>
        <Title order={5}>Plan de progrès</Title>
        <Text size="sm">Les dates se saisissent au format jj/mm/aaaa.</Text>
        <Title order={5}>Sauvegarde</Title>
        <Text size="sm">
          La saisie est enregistrée sur la tablette à chaque changement d'étape et quand
          l'application passe en arrière-plan. Elle sera envoyée à la prochaine synchronisation.
        </Text>
      </Stack>
    </Drawer>
  );
}
