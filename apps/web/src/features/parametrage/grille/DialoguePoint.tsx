import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES_VALIDATION as M, SOURCES_POINT } from '@estive/domain';
import { toastErreurFormulaire } from '../../../lib/api';
import { creerPoint } from '../api';

const schema = z.object({
  code: z.string().trim().min(1, M.obligatoire).max(20),
  libelle: z.string().trim().min(1, M.obligatoire).max(500),
  reference: z.string().max(4000),
  source: z.enum(SOURCES_POINT, { error: M.obligatoire }),
  categorieId: z.string().min(1, M.obligatoire),
});
type Valeurs = z.infer<typeof schema>;

const LIBELLES_SOURCE = {
  CONSTAT: 'Constat',
  NUMERIQUE: 'Numérique',
  EXPLOITATION: "Système d'exploitation",
} as const;

/** A new national control point (CNAOL); its thresholds are then set per label. */
export function DialoguePoint({
  categories,
  fermer,
}: {
  categories: { id: string; libelle: string }[];
  fermer: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<Valeurs>({
    resolver: zodResolver(schema),
    defaultValues: {
      code: '',
      libelle: '',
      reference: '',
      source: 'NUMERIQUE',
      categorieId: categories[0]?.id ?? '',
    },
  });
  const { register, formState, handleSubmit, control } = form;
  const enregistrer = handleSubmit(async (v) => {
    try {
      await creerPoint({ ...v, reference: v.reference.trim() || null });
      notifications.show({ color: 'green', message: 'Le point de contrôle a été créé' });
      await client.invalidateQueries({ queryKey: ['parametrage', 'grille'] });
      fermer();
    } catch (e) {
      toastErreurFormulaire(e, form, "Erreur durant l'enregistrement du point de contrôle");
    }
  });
  return (
    <Modal opened onClose={fermer} title="Nouveau point de contrôle" size="lg" centered>
      <form onSubmit={(e) => void enregistrer(e)} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              label="Code"
              withAsterisk
              {...register('code')}
              error={formState.errors.code?.message}
            />
            <Controller
              control={control}
              name="source"
              render={({ field, fieldState }) => (
                <Select
                  label="Source"
                  withAsterisk
                  data={SOURCES_POINT.map((s) => ({ value: s, label: LIBELLES_SOURCE[s] }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={fieldState.error?.message}
                  allowDeselect={false}
                />
              )}
            />
          </Group>
          <Controller
            control={control}
            name="categorieId"
            render={({ field, fieldState }) => (
              <Select
                label="Catégorie"
                withAsterisk
                data={categories.map((c) => ({ value: c.id, label: c.libelle }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label="Libellé"
            withAsterisk
            {...register('libelle')}
            error={formState.errors.libelle?.message}
          />
          <Textarea
            label="Aide à la saisie (référence)"
            autosize
            minRows={2}
            {...register('reference')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={fermer}>
              Annuler
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
