import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES_TOURNEE } from '@estive/domain';
import { modifierControleur } from '../api';
import { notifierEchec, notifierSucces } from '../commun/notifications';
import { TableControleurs } from '../commun/TableControleurs';
import type { LigneDashboard } from '../types';

/**
 * A round waiting for its controller's sync goes to another controller (spec part 1 §2 'Row
 * actions'): the server moves its controls; the previous device drops them at its next sync.
 */
export function DialogueChangementControleur({
  tournee,
  fermer,
}: {
  tournee: LigneDashboard;
  fermer: () => void;
}) {
  const client = useQueryClient();
  const [choisi, setChoisi] = useState<string | null>(tournee.controleurId);
  const changer = useMutation({
    mutationFn: (controleurId: string) => modifierControleur(tournee.id, controleurId),
    onSuccess: async () => {
      notifierSucces(MESSAGES_TOURNEE.controleurModifie);
      await client.invalidateQueries({ queryKey: ['tournees-dashboard'] });
      fermer();
    },
    onError: (e) => notifierEchec(MESSAGES_TOURNEE.erreurControleur, e),
  });
  return (
    <Modal opened onClose={fermer} title="Modifier le contrôleur" size="xl">
      <Stack gap="sm">
        <Text size="sm">Contrôleur actuel : {tournee.controleurDenomination ?? '—'}</Text>
        <TableControleurs choisi={choisi} choisir={(c) => setChoisi(c.id)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Annuler
          </Button>
          <Button
            disabled={!choisi || choisi === tournee.controleurId}
            loading={changer.isPending}
            onClick={() => choisi && changer.mutate(choisi)}
          >
            Valider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
