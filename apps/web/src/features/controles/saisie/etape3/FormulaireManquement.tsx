import { memo } from 'react';
import { SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { ManquementGrille, Mesure } from '../grille/types';
import { erreursMesure } from '../grille/moteur';

interface Props {
  manquement: ManquementGrille;
  onChange: (key: string, saisie: ManquementGrille['saisie']) => void;
}

function BlocMesure({
  titre,
  mesure,
  onChange,
  id,
}: {
  titre: string;
  mesure: Mesure;
  onChange: (m: Mesure) => void;
  id: string;
}) {
  // Said at the field and kept as typed; step 3 → 4 and finalisation wait for a correction.
  const erreurs = erreursMesure(mesure);
  return (
    <Stack gap={4}>
      <Title order={6}>{titre}</Title>
      <Textarea
        label="Mesure"
        autosize
        minRows={2}
        value={mesure.mesure ?? ''}
        onChange={(e) => onChange({ ...mesure, mesure: e.currentTarget.value })}
        data-testid={`${id}-mesure`}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Délai"
          value={mesure.delai ?? ''}
          onChange={(e) => onChange({ ...mesure, delai: e.currentTarget.value })}
          error={erreurs.delai}
          data-testid={`${id}-delai`}
        />
        <TextInput
          label="Date"
          placeholder="jj/mm/aaaa"
          value={mesure.date ?? ''}
          onChange={(e) => onChange({ ...mesure, date: e.currentTarget.value })}
          error={erreurs.date}
          data-testid={`${id}-date`}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Auditor and audited information, corrective and correcting measures of one shortcoming. */
export const FormulaireManquement = memo(function FormulaireManquement({
  manquement: m,
  onChange,
}: Props) {
  const s = m.saisie;
  const maj = (patch: Partial<ManquementGrille['saisie']>) => onChange(m.key, { ...s, ...patch });
  return (
    <Stack gap="sm" p="sm" data-testid={`manquement-${m.key}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label="Informations auditeur"
          autosize
          minRows={2}
          value={s.informationsAuditeur ?? ''}
          onChange={(e) => maj({ informationsAuditeur: e.currentTarget.value })}
        />
        <Textarea
          label="Informations audité"
          autosize
          minRows={2}
          value={s.informationsAudite ?? ''}
          onChange={(e) => maj({ informationsAudite: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BlocMesure
          id={`${m.key}-corrective`}
          titre="Mesure corrective"
          mesure={s.correctives}
          onChange={(correctives) => maj({ correctives })}
        />
        <BlocMesure
          id={`${m.key}-correctrice`}
          titre="Mesure correctrice"
          mesure={s.correctrices}
          onChange={(correctrices) => maj({ correctrices })}
        />
      </SimpleGrid>
    </Stack>
  );
});
