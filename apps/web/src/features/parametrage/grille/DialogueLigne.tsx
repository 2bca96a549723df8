import { Group, NumberInput, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { GroupeSysExpParametrage } from '@estive/contracts';
import { MESSAGES_VALIDATION as M } from '@estive/domain';
import { DialogueFormulaire } from '../../../ui/DialogueFormulaire';
import { useEnregistrement } from '../../../ui/useEnregistrement';
import { creerLigne, modifierLigne } from '../api';

type Ligne = GroupeSysExpParametrage['points'][number];

const schema = z.object({
  code: z.string().trim().min(1, M.obligatoire).max(20),
  libelle: z.string().trim().min(1, M.obligatoire).max(500),
  formule: z.string().max(1000),
  unite: z.string().max(50),
  dec: z.number().int().min(0).max(6),
});
type Valeurs = z.infer<typeof schema>;

/**
 * A line of an exploitation group. The formula is checked by the server (syntax, codes of the
 * system, no loop): its French message lands under the field.
 */
export function DialogueLigne({
  groupe,
  ligne,
  fermer,
}: {
  groupe: GroupeSysExpParametrage;
  ligne: Ligne | null;
  fermer: () => void;
}) {
  const form = useForm<Valeurs>({
    resolver: zodResolver(schema),
    defaultValues: {
      code: ligne?.code ?? '',
      libelle: ligne?.libelle ?? '',
      formule: ligne?.formule ?? '',
      unite: ligne?.unite ?? '',
      dec: ligne?.dec ?? 0,
    },
  });
  const { register, formState, control } = form;
  const enregistrer = useEnregistrement(form, {
    ecrire: async (v) => {
      const corps = { ...v, formule: v.formule.trim() || null, unite: v.unite.trim() || null };
      if (ligne) await modifierLigne(ligne.id, corps);
      else await creerLigne({ ...corps, groupeSystemeExploitationId: groupe.id });
    },
    succes: ligne ? 'La ligne a été modifiée' : 'La ligne a été ajoutée',
    requete: ['parametrage', 'systeme'],
    erreur: "Erreur durant l'enregistrement de la ligne",
    fermer,
  });
  return (
    <DialogueFormulaire
      titre={`${ligne ? 'Modifier la ligne' : 'Nouvelle ligne'} — ${groupe.libelle}`}
      taille="lg"
      fermer={fermer}
      envoyer={enregistrer}
      enCours={formState.isSubmitting}
    >
      <Group grow align="flex-start">
        <TextInput
          label="Code"
          description="a suivi de lettres ou de chiffres (a12)"
          withAsterisk
          {...register('code')}
          error={formState.errors.code?.message}
        />
        <TextInput label="Unité" {...register('unite')} error={formState.errors.unite?.message} />
        <Controller
          control={control}
          name="dec"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Décimales"
              min={0}
              max={6}
              allowDecimal={false}
              value={field.value}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
              error={fieldState.error?.message}
            />
          )}
        />
      </Group>
      <TextInput
        label="Libellé"
        withAsterisk
        {...register('libelle')}
        error={formState.errors.libelle?.message}
      />
      <TextInput
        label="Formule"
        description="Codes des lignes (a1, a2…), nombres, + - * / et parenthèses ; vide pour une valeur saisie"
        {...register('formule')}
        error={formState.errors.formule?.message}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
    </DialogueFormulaire>
  );
}
