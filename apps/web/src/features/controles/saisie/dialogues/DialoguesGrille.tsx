import { Modal, Stack, Text } from '@mantine/core';
import { FormulaireManquement } from '../etape3/FormulaireManquement';
import type { ClePoint, Grille, ManquementGrille, PointGrille } from '../grille/types';

export type DialogueOuvert =
  { type: 'reference'; point: PointGrille } | { type: 'detail'; cle: ClePoint } | null;

interface Props {
  dialogue: DialogueOuvert;
  grille: Grille;
  onFermer: () => void;
  onManquement: (key: string, saisie: ManquementGrille['saisie']) => void;
}

/** The reference dialog (the point's reference text) and the shortcoming detail dialog. */
export function DialoguesGrille({ dialogue, grille, onFermer, onManquement }: Props) {
  const manquement =
    dialogue?.type === 'detail'
      ? grille.manquements.find(
          (m) =>
            m.pointControleId === dialogue.cle.pointId && m.aopIgp.id === dialogue.cle.aopIgpId,
        )
      : undefined;
  return (
    <>
      <Modal opened={dialogue?.type === 'reference'} onClose={onFermer} title="Référence" size="lg">
        {dialogue?.type === 'reference' && (
          <Stack gap="xs">
            <Text fw={600}>
              {dialogue.point.code} — {dialogue.point.libelle}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{dialogue.point.reference}</Text>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={dialogue?.type === 'detail'}
        onClose={onFermer}
        title="Détail du manquement"
        size="xl"
      >
        {manquement ? (
          <>
            <Text fw={600}>
              {manquement.pointControleCode} — {manquement.libelle} ({manquement.aopIgp.libelle})
            </Text>
            <FormulaireManquement manquement={manquement} onChange={onManquement} />
          </>
        ) : (
          <Text c="dimmed">Aucun manquement</Text>
        )}
      </Modal>
    </>
  );
}
