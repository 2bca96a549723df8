import { Group, Select, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES_VALIDATION as M, SOURCES_POINT } from '@estive/domain';
import { DialogueFormulaire } from '../../../ui/DialogueFormulaire';
import { useEnregistrement } from '../../../ui/useEnregistrement';
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
  const { register, formState, control } = form;
  const enregistrer = useEnregistrement(form, {
    ecrire: (v) => creerPoint({ ...v, reference: v.reference.trim() || null }),
    succes: 'Le point de contrôle a été créé',
    requete: ['parametrage', 'grille'],
    erreur: "Erreur durant l'enregistrement du point de contrôle",
    fermer,
  });
  return (
    <DialogueFormulaire
      titre="Nouveau point de contrôle"
      taille="lg"
      fermer={fermer}
      envoyer={enregistrer}
      enCours={formState.isSubmitting}
    >
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
    </DialogueFormulaire>
  );
}
