import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import type { Auditeur } from './auditeurs';
import { DialogueRechercheAuditeur } from './DialogueRechercheAuditeur';

interface Props {
  /** Who the report names: the chosen auditor, else the signed-in user. */
  nom: string;
  mail: string;
  /** Once the auditor has signed, the report's auditor is who signed. */
  verrouille: boolean;
  estActuel: (a: Auditeur) => boolean;
  onChoisir: (a: Auditeur) => void;
}

/**
 * Step 4's auditor: by default the signed-in user; 'Rechercher un auditeur' names a colleague
 * when the tablet's user signs for someone else's audit (docs/decisions.md 'Recherche auditeur').
 */
export function BlocAuditeur({ nom, mail, verrouille, estActuel, onChoisir }: Props) {
  const [ouvert, setOuvert] = useState(false);
  return (
    <Paper withBorder p="sm" mb="md" role="group" aria-label="Auditeur">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Auditeur
          </Text>
          <Text fw={600} data-testid="auditeur-nom">
            {nom}
          </Text>
          {mail && (
            <Text size="sm" c="dimmed">
              {mail}
            </Text>
          )}
        </Stack>
        <Stack gap={2} align="flex-end">
          <Button
            variant="default"
            leftSection={<IconUserSearch size={18} />}
            disabled={verrouille}
            onClick={() => setOuvert(true)}
          >
            Rechercher un auditeur
          </Button>
          {verrouille && (
            <Text size="xs" c="dimmed">
              L&apos;auditeur a signé : il ne peut plus être changé.
            </Text>
          )}
        </Stack>
      </Group>
      <DialogueRechercheAuditeur
        opened={ouvert}
        onClose={() => setOuvert(false)}
        estActuel={estActuel}
        onChoisir={onChoisir}
      />
    </Paper>
  );
}
