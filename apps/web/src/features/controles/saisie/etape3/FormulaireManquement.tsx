import { memo } from 'react';
import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { TextareaRapport, TextInputRapport } from '../composants/ChampsRapport';
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
      <TextareaRapport
        label="Mesure"
        autosize
        minRows={2}
        value={mesure.mesure ?? ''}
        onValeur={(v) => onChange({ ...mesure, mesure: v })}
        data-testid={`${id}-mesure`}
      />
      <SimpleGrid cols={2}>
        <TextInputRapport
          label="Délai"
          value={mesure.delai ?? ''}
          onValeur={(v) => onChange({ ...mesure, delai: v })}
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
        <TextareaRapport
          label="Informations auditeur"
          autosize
          minRows={2}
          value={s.informationsAuditeur ?? ''}
          onValeur={(v) => maj({ informationsAuditeur: v })}
        />
        <TextareaRapport
          label="Informations audité"
          autosize
          minRows={2}
          value={s.informationsAudite ?? ''}
          onValeur={(v) => maj({ informationsAudite: v })}
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
