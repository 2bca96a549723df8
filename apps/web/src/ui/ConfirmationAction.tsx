import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** A destructive action waiting for the user's yes (issue 32 items 2 and 5). */
export interface AConfirmer {
  titre: string;
  texte: string;
  bouton: string;
  action: () => Promise<unknown>;
}

/**
 * The dialog asking before a deletion or a replacement: « Annuler » or the red action button,
 * which spins while the action runs and closes the dialog when it ends. A modal of our own (not
 * `modals.*`), so that it shows in component tests too.
 */
export function ConfirmationAction({
  demande,
  fermer,
}: {
  demande: AConfirmer | null;
  fermer: () => void;
}) {
  const [enCours, setEnCours] = useState(false);
  return (
    <Modal opened={demande !== null} onClose={fermer} title={demande?.titre} centered>
      <Stack>
        <Text size="sm">{demande?.texte}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Annuler
          </Button>
          <Button
            color="red"
            loading={enCours}
            onClick={() => {
              if (!demande) return;
              setEnCours(true);
              void demande.action().finally(() => {
                setEnCours(false);
                fermer();
              });
            }}
          >
            {demande?.bouton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
