import { Alert, Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock } from '@tabler/icons-react';
import type { Verrou } from './etat/verrou';

export const TEXTES_VERROU = {
  finalise: 'Ce contrôle est finalisé : il est en lecture seule.',
  signe:
    'Le rapport a été signé : les étapes 1 à 3 sont en lecture seule. Pour modifier la saisie, retirez les signatures.',
  retirer: 'Retirer les signatures',
  confirmation:
    "Les signatures de l'auditeur et de l'audité seront retirées de tous les rapports de la visite. Ils devront signer à nouveau.",
  confirmer: 'Retirer les signatures',
  annuler: 'Annuler',
} as const;

/** Says why the entry is read-only and, when signatures lock it, how to unlock it. */
export function BandeauVerrou({ verrou, onRetirer }: { verrou: Verrou; onRetirer: () => void }) {
  if (verrou === 'libre') return null;
  const confirmer = () =>
    modals.openConfirmModal({
      title: TEXTES_VERROU.retirer,
      children: <Text size="sm">{TEXTES_VERROU.confirmation}</Text>,
      labels: { confirm: TEXTES_VERROU.confirmer, cancel: TEXTES_VERROU.annuler },
      confirmProps: { color: 'red' },
      onConfirm: onRetirer,
    });
  return (
    <Alert color={verrou === 'finalise' ? 'gray' : 'blue'} icon={<IconLock size={18} />}>
      <Text size="sm">{TEXTES_VERROU[verrou]}</Text>
      {verrou === 'signe' && (
        <Button mt="sm" mih={44} variant="default" onClick={confirmer}>
          {TEXTES_VERROU.retirer}
        </Button>
      )}
    </Alert>
  );
}
