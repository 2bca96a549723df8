import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { api } from '../../lib/api';
import { ChampDate } from '../../ui/ChampDate';
import { useEnregistrement } from '../../ui/useEnregistrement';
import { ChampActivites, ChampAop } from './ChampsAop';
import { useAopsEtActivites } from './references';

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
  const { aops, activites } = useAopsEtActivites();
  const form = useForm<Valeurs>({ defaultValues: { aopIgpId: '', activiteIds: [], dateDi: '' } });
  const enregistrer = useEnregistrement(form, {
    ecrire: (v) =>
      api('POST /api/personne-morale/existant/habilitation', { corps: { siret, ...v } }),
    succes: "L'opérateur a bien été habilité (en attente) sur votre AOP-IGP",
    requete: ['personne-morale'],
    erreur: "L'habilitation n'a pas pu être créée",
    fermer: ({ id }) => surHabilite(id),
  });
  const aop = form.watch('aopIgpId');
  return (
    <form noValidate aria-label="Habiliter sur mon AOP-IGP" onSubmit={(e) => void enregistrer(e)}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ChampAop
            control={form.control}
            name="aopIgpId"
            aops={aops}
            surChoix={() => form.setValue('activiteIds', [])}
          />
          <ChampActivites
            control={form.control}
            name="activiteIds"
            activites={activites}
            aop={aop}
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
