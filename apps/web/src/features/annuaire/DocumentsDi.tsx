import { Anchor, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { FichierResume } from '@estive/contracts';
import { cheminDe, telecharger, toastErreurServeur } from '../../lib/api';

/**
 * The identification documents (DI) of a habilitation, each a link that downloads it
 * (`GET /api/habilitation/document/{personneMoraleId}/{aopId}/{fichierId}`: the call needs the
 * bearer, so the file is fetched then saved under the server's name). 'aucun' when none.
 */
export function DocumentsDi({
  personneMoraleId,
  aopId,
  fichiers,
}: {
  personneMoraleId: string;
  aopId: string;
  fichiers: Pick<FichierResume, 'id' | 'fileName'>[];
}) {
  if (!fichiers.length)
    return (
      <Text span size="sm" c="dimmed">
        aucun
      </Text>
    );
  return (
    <Group gap="xs" component="span">
      {fichiers.map((f) => (
        <Anchor
          key={f.id}
          component="button"
          type="button"
          size="sm"
          title="Télécharger le document DI"
          onClick={() =>
            void telecharger(
              cheminDe('/api/habilitation/document/{personneMoraleId}/{aopId}/{fichierId}', {
                personneMoraleId,
                aopId,
                fichierId: f.id,
              }),
              f.fileName,
            ).catch((e: unknown) => toastErreurServeur(e))
          }
        >
          <Group gap={4} component="span" wrap="nowrap">
            <IconDownload size={14} aria-hidden />
            {f.fileName}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
