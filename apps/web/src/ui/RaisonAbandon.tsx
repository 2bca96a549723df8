import { Text } from '@mantine/core';
import { LIBELLES_TOURNEE } from '@estive/domain';

/**
 * Why a cancelled control was abandoned, as the controller (or the office) wrote it (issue 27
 * §6): shown wherever the office meets a cancelled control. Nothing for another status.
 */
export function RaisonAbandon({
  statut,
  raison,
  lignes = 2,
  compact = false,
}: {
  statut: string;
  raison: string | null | undefined;
  /** Lines shown before the text is cut (the whole text stays in the tooltip). */
  lignes?: number;
  /** In a table cell, under 'Annulé': the quoted reason only, its label in the tooltip. */
  compact?: boolean;
}) {
  const texte = raison?.trim();
  if (statut !== 'ANNULE' || !texte) return null;
  const complet = `${LIBELLES_TOURNEE.raisonAbandon} : ${texte}`;
  return (
    <Text size="xs" c="gray.7" fs="italic" lineClamp={lignes} title={complet}>
      {compact ? `« ${texte} »` : complet}
    </Text>
  );
}
