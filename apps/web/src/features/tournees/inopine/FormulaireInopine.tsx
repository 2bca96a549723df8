import { Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLiveQuery } from 'dexie-react-hooks';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { formaterSiret, LIBELLES_TOURNEE } from '@estive/domain';
import type { OperateurAnnuaire } from '../types';
import { db } from '../../../offline/db';
import { ChampDate } from '../../../ui/ChampDate';
import { BlocAppellation } from './BlocAppellation';
import { appellationParDefaut, labelsHabilites } from './creation';
import { inopineSchema, type ValeursInopine } from './schema';

interface Props {
  operateur: OperateurAnnuaire;
  surChangerOperateur: () => void;
  surValider: (valeurs: ValeursInopine, setError: UseFormSetError<ValeursInopine>) => Promise<void>;
  surAnnuler: () => void;
}

/**
 * The draft of the unannounced inspection. Date and time are the device's native pickers: the
 * tablet's own wheel is the fastest input on a farm, and it types 'yyyy-mm-dd' / 'HH:mm'.
 */
export function FormulaireInopine({
  operateur,
  surChangerOperateur,
  surValider,
  surAnnuler,
}: Props) {
  // The ODG's labels, as the device holds them (their activities); empty for the instant they load.
  const labelsOdg = useLiveQuery(
    async () => new Set((await db.activiteaop.orderBy('aopIgpId').uniqueKeys()).map(String)),
    [],
  );
  const labels = labelsHabilites(operateur, labelsOdg ?? new Set<string>());
  const { control, handleSubmit, watch, setValue, setError, formState } = useForm<ValeursInopine>({
    resolver: zodResolver(inopineSchema),
    defaultValues: { date: '', heure: '', appellations: [] },
  });
  const appellations = watch('appellations');
  const libelle = (id: string) => labels.find((l) => l.id === id)?.libelle ?? id;

  return (
    <form onSubmit={(e) => void handleSubmit((v) => surValider(v, setError))(e)} noValidate>
      <Stack>
        <Paper withBorder p="sm">
          <Group justify="space-between">
            <div>
              <Text fw={700}>{operateur.raisonSociale}</Text>
              <Text size="sm" c="dimmed">
                {formaterSiret(operateur.siret)} — {operateur.codePostal} {operateur.ville}
              </Text>
            </div>
            <Button variant="subtle" mih={44} onClick={surChangerOperateur}>
              Changer d'opérateur
            </Button>
          </Group>
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="date"
            render={({ field, fieldState }) => (
              <ChampDate
                label="Date"
                withAsterisk
                size="md"
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="heure"
            render={({ field, fieldState }) => (
              <TimeInput
                label="Heure"
                withAsterisk
                size="md"
                step={300}
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="appellations"
          render={({ field, fieldState }) => (
            <MultiSelect
              label="AOP-IGP"
              withAsterisk
              size="md"
              data={labels.map((l) => ({ value: l.id, label: l.libelle }))}
              value={field.value.map((a) => a.aopIgpId)}
              onChange={(ids) =>
                // A label kept keeps its choices; a label added starts from the defaults.
                setValue(
                  'appellations',
                  ids.map(
                    (id) =>
                      field.value.find((a) => a.aopIgpId === id) ??
                      appellationParDefaut(operateur, id),
                  ),
                  { shouldValidate: formState.isSubmitted },
                )
              }
              error={fieldState.error?.message ?? fieldState.error?.root?.message}
            />
          )}
        />
        {appellations.map((a, i) => (
          <BlocAppellation
            key={a.aopIgpId}
            index={i}
            aopIgp={{ id: a.aopIgpId, libelle: libelle(a.aopIgpId) }}
            operateur={operateur}
            control={control}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={surAnnuler}>
            {LIBELLES_TOURNEE.boutons.annuler}
          </Button>
          <Button type="submit" mih={44} loading={formState.isSubmitting}>
            {LIBELLES_TOURNEE.boutons.suivant}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
