import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';

/** Values the controller confirmed, by field, for the session: a tab change does not ask again. */
const confirmees = new Map<string, string>();

/**
 * The confirmation an implausible value asks for (issue 12 item 4): said at the field, the value
 * kept as typed whether or not it is confirmed.
 */
export function ConfirmationValeur({
  id,
  valeur,
  message,
}: {
  id: string;
  valeur: string | null;
  message: string | null;
}) {
  const [, setConfirmations] = useState(0);
  if (!message || valeur === null || confirmees.get(id) === valeur) return null;
  return (
    <Stack gap={2} mt={4} align="flex-start" data-testid={`vraisemblance-${id}`}>
      <Text size="xs" c="orange.9" role="status">
        {message}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => {
          confirmees.set(id, valeur);
          setConfirmations((n) => n + 1);
        }}
      >
        Confirmer la valeur
      </Button>
    </Stack>
  );
}
