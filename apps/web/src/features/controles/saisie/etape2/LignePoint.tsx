import { memo } from 'react';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import type { PointGrille } from '../grille/types';
import { pointComplet } from '../grille/moteur';
import { EntreePoint, type ActionsPoint } from './EntreePoint';

interface Props extends ActionsPoint {
  point: PointGrille;
  gravites: ReadonlyMap<string, string | null | undefined>;
  unites: ReadonlyMap<string, string | null>;
  onReference: (point: PointGrille) => void;
}

/**
 * An off-screen row is neither painted nor laid out (issue 29 item 5): after each keystroke the
 * browser's frame (pre-paint, paint, layerisation, hover hit test) walked the whole 150-point tab,
 * ~6 ms during which the next keystroke waited. Its size is remembered once shown; the estimate
 * only serves rows never shown yet.
 */
const HORS_ECRAN = { contentVisibility: 'auto', containIntrinsicSize: 'auto 150px' } as const;

interface PropsTete {
  point: PointGrille;
  onReference: (point: PointGrille) => void;
}

/**
 * The row's head: code, label and the reference's button. Memoised on what it shows (the
 * reference dialog reads only these fields too): a keystroke in an entry, which gives the point
 * a new object, does not re-render it nor its tooltip.
 */
const TetePoint = memo(
  function TetePoint({ point, onReference }: PropsTete) {
    return (
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap="xs" wrap="nowrap">
          {/* The code is read whole on a phone too: the label wraps, the code never shrinks. */}
          <Badge variant="outline" style={{ flexShrink: 0, overflow: 'visible' }}>
            {point.code}
          </Badge>
          <Text size="sm" fw={500}>
            {point.libelle}
          </Text>
        </Group>
        {point.reference && (
          <Tooltip label="Référence">
            <ActionIcon
              variant="subtle"
              size={44}
              onClick={() => onReference(point)}
              aria-label={`Référence ${point.code}`}
            >
              <IconBook size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  },
  (a: PropsTete, b: PropsTete) =>
    a.onReference === b.onReference &&
    a.point.code === b.point.code &&
    a.point.libelle === b.point.libelle &&
    a.point.reference === b.point.reference,
);

/** A control point of a category tab: code, label, reference, one entry per AOP-IGP. */
export const LignePoint = memo(function LignePoint({
  point,
  gravites,
  unites,
  onReference,
  ...actions
}: Props) {
  const complet = pointComplet(point);
  return (
    <Card
      withBorder
      padding="xs"
      data-testid={`point-${point.code}`}
      style={{
        ...HORS_ECRAN,
        borderLeft: `4px solid var(--mantine-color-${complet ? 'green' : 'red'}-5)`,
      }}
    >
      <TetePoint point={point} onReference={onReference} />
      <Stack gap={6}>
        {point.aops.map((e) => (
          <EntreePoint
            key={e.aopIgpId}
            point={point}
            entree={e}
            unite={e.exploitationCode ? unites.get(e.exploitationCode.toLowerCase()) : null}
            graviteColLabel={gravites.get(e.aopIgpId)}
            afficherAop={point.aops.length > 1 || gravites.size > 1}
            {...actions}
          />
        ))}
      </Stack>
    </Card>
  );
});
