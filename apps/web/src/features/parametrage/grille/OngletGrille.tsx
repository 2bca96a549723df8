import { SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Chargement } from '../../../ui/Chargement';
import { lireGrille, lireSysteme } from '../api';
import { Apercu } from './Apercu';
import { MatriceActivites } from './MatriceActivites';
import { PointsControle } from './PointsControle';
import { SystemeExploitation } from './SystemeExploitation';

type Vue = 'systeme' | 'points' | 'matrice' | 'apercu';

/**
 * Grille de contrôle: the exploitation system (groups, lines, formulas), the control points
 * with their thresholds per label, and a live preview of both on sample figures.
 */
export default function OngletGrille() {
  const [vue, setVue] = useState<Vue>('systeme');
  // Four views side by side take 650 px: one under the other on a phone (issue 32 item 7).
  const etroit = useMediaQuery('(max-width: 40em)');
  const grille = useQuery({ queryKey: ['parametrage', 'grille'], queryFn: lireGrille });
  const systeme = useQuery({ queryKey: ['parametrage', 'systeme'], queryFn: lireSysteme });
  if (!grille.data || !systeme.data) return <Chargement />;
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={vue}
        onChange={(v) => setVue(v)}
        data={[
          { value: 'systeme', label: "Système d'exploitation" },
          { value: 'points', label: 'Points de contrôle' },
          { value: 'matrice', label: 'Activités par catégorie' },
          { value: 'apercu', label: 'Aperçu' },
        ]}
        w={etroit ? '100%' : 'fit-content'}
        orientation={etroit ? 'vertical' : 'horizontal'}
      />
      {vue === 'systeme' && <SystemeExploitation aopIgps={grille.data.aopIgps} />}
      {vue === 'points' && <PointsControle grille={grille.data} />}
      {vue === 'matrice' && <MatriceActivites />}
      {vue === 'apercu' && <Apercu grille={grille.data} systeme={systeme.data} />}
    </Stack>
  );
}
