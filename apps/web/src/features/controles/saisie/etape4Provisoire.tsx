import { Card, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import type { ControleLocal } from '../../../offline/db';
import type { Grille } from './grille/types';
import type { SyntheseAop } from './syntheseVide';
import { syntheseVide } from './syntheseVide';

interface Props {
  controles: ControleLocal[];
  grille: Grille;
  synthese: Record<string, SyntheseAop>;
  onSyntheseChange: (next: Record<string, SyntheseAop>) => void;
  formulaireValide: boolean;
}

/**
 * Minimal step 4 used only when the step-4 engineer's `etape4/Etape4Synthese` cannot be loaded:
 * the general observations per AOP-IGP, for the audited party and for the auditor.
 */
export default function Etape4Provisoire({ controles, synthese, onSyntheseChange }: Props) {
  return (
    <Stack>
      {controles.map((c) => {
        const s = synthese[c.aopIgp.id] ?? syntheseVide();
        const maj = (next: SyntheseAop) => onSyntheseChange({ ...synthese, [c.aopIgp.id]: next });
        return (
          <Card withBorder key={c.id}>
            <Title order={4} mb="sm">{c.aopIgp.libelle}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea label="Observations de l'audité" autosize minRows={3} value={s.audite.observation} onChange={(e) => maj({ ...s, audite: { ...s.audite, observation: e.currentTarget.value } })} />
              <Textarea label="Observations de l'auditeur" autosize minRows={3} value={s.auditeur.observation} onChange={(e) => maj({ ...s, auditeur: { ...s.auditeur, observation: e.currentTarget.value } })} />
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
