import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { avecToastErreurServeur, telecharger } from '../lib/api';

/**
 * « Exporter »: downloads the file `chemin` serves (a list's export, with its filters), under the
 * server's name or `nom`. A failure shows the server's toast, but not for the `ignores` statuses.
 */
export function BoutonExport({
  chemin,
  nom,
  ignores,
  disabled,
}: {
  chemin: string;
  nom?: string;
  ignores?: readonly number[];
  disabled?: boolean;
}) {
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} />}
      disabled={disabled}
      onClick={() =>
        void avecToastErreurServeur(telecharger(chemin, nom), ignores).catch(() => undefined)
      }
    >
      Exporter
    </Button>
  );
}
