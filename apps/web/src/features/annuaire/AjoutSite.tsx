import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { api, toastErreurFormulaire } from '../../lib/api';
import { ChampsSite, corpsSite, SITE_VIDE, type ValeursSite } from './FormulaireSite';

/** Adds a site to the operator; the device gets it at its next sync (the operator's version moves). */
export function AjoutSite({
  personneMoraleId,
  aops,
  surAjout,
}: {
  personneMoraleId: string;
  /** The operator's labels in the perimeter, the site's choices. */
  aops: { id: string; libelle: string }[];
  surAjout: () => void;
}) {
  const form = useForm<ValeursSite>({ defaultValues: SITE_VIDE });
  return (
    <form
      noValidate
      aria-label="Ajouter un site"
      onSubmit={(e) =>
        void form.handleSubmit(async (v) => {
          try {
            await api('POST /api/personne-morale/{id}/sites', {
              params: { id: personneMoraleId },
              corps: corpsSite(v),
            });
            notifications.show({ message: 'Le site a bien été ajouté', autoClose: 5000 });
            form.reset(SITE_VIDE);
            surAjout();
          } catch (err) {
            toastErreurFormulaire(err, form, "Le site n'a pas pu être ajouté");
          }
        })(e)
      }
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <ChampsSite form={form} aops={aops} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Ajouter un site
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
