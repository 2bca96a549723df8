import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Card, Group, Stack, Title } from '@mantine/core';
import { db } from '../../../../offline/db';
import type { ControleSaisi, ManquementPrecedent, OperateurSaisi } from '../types';
import { ManquementsPrecedents } from '../composants/ManquementsPrecedents';
import { BlocsAop } from './BlocsAop';
import { CarteContacts } from './CarteContacts';
import { CarteCoordonnees } from './CarteCoordonnees';
import { CarteOperateur } from './CarteOperateur';
import { CarteSites } from './CarteSites';
import { DateControle } from './DateControle';

interface Props {
  controles: readonly ControleSaisi[];
  operateur: OperateurSaisi;
  date: string;
  /** The operator's previous shortcomings (hooks/useManquementsPrecedents). */
  precedents: readonly ManquementPrecedent[];
  onModifierDate: (date: string) => Promise<void>;
}

/** Step 1 'Informations générales'. */
export function Etape1Informations({
  controles,
  operateur,
  date,
  precedents,
  onModifierDate,
}: Props) {
  const activitesAop = useLiveQuery(
    () =>
      db.activiteaop
        .where('aopIgpId')
        .anyOf(controles.map((c) => c.aopIgp.id))
        .toArray(),
    [controles],
  );
  const activites = useMemo(
    () => new Map((activitesAop ?? []).map((a) => [a.id, a.activiteLibelle])),
    [activitesAop],
  );
  // Chip labels: the operator's habilitations name every AOP-IGP its sites may carry.
  const libellesAop = useMemo(
    () =>
      new Map([
        ...operateur.habilitations.map((h) => [h.aopIgp.id, h.aopIgp.libelle] as const),
        ...controles.map((c) => [c.aopIgp.id, c.aopIgp.libelle] as const),
      ]),
    [operateur, controles],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{operateur.raisonSociale}</Title>
        <DateControle date={date} onModifier={onModifierDate} />
      </Group>
      <CarteOperateur operateur={operateur} />
      <CarteCoordonnees operateur={operateur} />
      <CarteSites sites={operateur.sites} libellesAop={libellesAop} />
      <CarteContacts contacts={operateur.contacts} />
      <Title order={4}>AOP-IGP contrôlées</Title>
      <BlocsAop controles={controles} activites={activites} />
      <Card withBorder>
        <Title order={4} mb="sm">
          Manquements précédents
        </Title>
        <ManquementsPrecedents manquements={precedents} />
      </Card>
    </Stack>
  );
}
