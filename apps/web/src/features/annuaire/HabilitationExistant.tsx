import { Button, Group, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { api, toastErreurFormulaire } from '../../lib/api';
import { ChampDate } from '../../ui/ChampDate';

interface Valeurs {
  aopIgpId: string;
  activiteIds: string[];
  dateDi: string;
}

/**
 * "Habiliter sur mon AOP-IGP" (issue 32 item 1): an operator held by another ODG, named by the
 * SIRET typed, habilitated EN_ATTENTE on one of the active ODG's labels from its identification
 * declaration (DI) — label, activities and DI date, as the multi-activity request asks. The DI
 * file is then added from the habilitation screen, the operator being in the perimeter.
 */
export function HabilitationExistant({
  siret,
  surAnnuler,
  surHabilite,
}: {
  siret: string;
  surAnnuler: () => void;
  surHabilite: (id: string) => void;
}) {
  const client = useQueryClient();
  const aops = useQuery({
    queryKey: ['aop-igp'],
    queryFn: ({ signal }) => api('GET /api/aop-igp', { signal }),
  }).data;
  const activites = useQuery({
    queryKey: ['activiteAopIgp'],
    queryFn: () => api('GET /api/activiteAopIgp'),
  }).data;
  const form = useForm<Valeurs>({ defaultValues: { aopIgpId: '', activiteIds: [], dateDi: '' } });
  const aop = form.watch('aopIgpId');
  return (
    <form
      noValidate
      aria-label="Habiliter sur mon AOP-IGP"
      onSubmit={(e) =>
        void form.handleSubmit(async (v) => {
          try {
            const { id } = await api('POST /api/personne-morale/existant/habilitation', {
              corps: {
                siret,
                aopIgpId: v.aopIgpId,
                activiteIds: v.activiteIds,
                dateDi: v.dateDi,
              },
            });
            await client.invalidateQueries({ queryKey: ['personne-morale'] });
            notifications.show({
              message: "L'opérateur a bien été habilité (en attente) sur votre AOP-IGP",
              autoClose: 5000,
            });
            surHabilite(id);
          } catch (err) {
            toastErreurFormulaire(err, form, "L'habilitation n'a pas pu être créée");
          }
        })(e)
      }
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            control={form.control}
            name="aopIgpId"
            render={({ field, fieldState }) => (
              <Select
                label="AOP-IGP"
                withAsterisk
                data={(aops ?? []).map((a) => ({ value: a.id, label: a.libelle }))}
                value={field.value || null}
                onChange={(x) => {
                  field.onChange(x ?? '');
                  form.setValue('activiteIds', []);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="activiteIds"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Activités"
                withAsterisk
                disabled={!aop}
                data={(activites ?? [])
                  .filter((a) => a.aopIgpId === aop)
                  .map((a) => ({ value: a.id, label: a.libelle }))}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="dateDi"
            render={({ field, fieldState }) => (
              <ChampDate
                label="Date de DI"
                withAsterisk
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={surAnnuler}>
            Annuler
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Habiliter
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
