import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';

/**
 * Long server work said while it runs (issue 32 item 6), and an answer that never came said
 * until the user has the round read again: never a page waiting silently.
 */
export function TravailEnCours({
  travail,
  incertain,
  verifier,
}: {
  travail: string | null;
  incertain: string | null;
  verifier: () => void;
}) {
  if (travail)
    return (
      <Alert color="blue" role="status" aria-live="polite" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm">{travail}</Text>
        </Group>
      </Alert>
    );
  if (incertain)
    return (
      <Alert color="orange" role="alert" mb="sm" title="Réponse du serveur inconnue">
        <Stack gap="xs" align="start">
          <Text size="sm">{incertain}</Text>
          <Button size="xs" variant="light" onClick={verifier}>
            Vérifier la tournée
          </Button>
        </Stack>
      </Alert>
    );
  return null;
}
