import { Autocomplete, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { api } from '../../lib/api';
import { FormulairePage } from '../../ui/FormulairePage';
import { champsTexte } from './champsTexte';

export const MORALE_VIDE = {
  raisonSociale: '',
  siret: '',
  type: '',
  ede: '',
  pac: '',
  adresse1: '',
  adresse2: '',
  codePostal: '',
  ville: '',
  telephone1: '',
  telephone2: '',
  mail: '',
  siteWeb: '',
};
export type ValeursMorale = typeof MORALE_VIDE;

/** Towns of the typed postcode (La Poste's base, server side), for the 'Ville' field. */
export function useCommunes(codePostal: string) {
  const [cp] = useDebouncedValue(codePostal.trim(), 300);
  return useQuery({
    queryKey: ['communes', cp],
    queryFn: ({ signal }) =>
      api('GET /api/commune/autocomplete-enum', { query: { q: cp }, signal }),
    enabled: /^\d{5}$/.test(cp),
    staleTime: Infinity,
  }).data;
}

/**
 * Identity form of an operator, for creation and modification. Validation is the server's
 * (same zod schemas): its French field errors land on the fields through `setError`.
 */
export function FormulaireMorale({
  initial,
  libelleBouton,
  surValider,
  surAnnuler,
  surSiretSaisi,
}: {
  initial: ValeursMorale;
  libelleBouton: string;
  surValider: (v: ValeursMorale, setError: UseFormSetError<ValeursMorale>) => Promise<void>;
  surAnnuler: () => void;
  /** Called when a complete SIRET has been typed (duplicate check before a creation). */
  surSiretSaisi?: (siret: string) => void;
}) {
  const form = useForm<ValeursMorale>({ defaultValues: initial });
  const { control, register, formState, watch } = form;
  const communes = useCommunes(watch('codePostal'));
  const erreur = (k: keyof ValeursMorale) => formState.errors[k]?.message;
  const champ = champsTexte(form);
  return (
    <FormulairePage
      form={form}
      largeur={960}
      libelleBouton={libelleBouton}
      surValider={surValider}
      surAnnuler={surAnnuler}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {champ('raisonSociale', 'Raison sociale', true)}
        <TextInput
          label="Siret"
          withAsterisk
          {...register('siret', {
            onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
              const siret = e.currentTarget.value.replace(/\s/g, '');
              if (/^\d{14}$/.test(siret)) surSiretSaisi?.(siret);
            },
          })}
          error={erreur('siret')}
        />
        {champ('type', 'Type')}
        {champ('ede', 'EDE')}
        {champ('pac', 'PACAGE')}
        {champ('adresse1', 'Adresse')}
        {champ('adresse2', "Complément d'adresse")}
        {champ('codePostal', 'Code postal')}
        <Controller
          control={control}
          name="ville"
          render={({ field }) => (
            <Autocomplete
              label="Ville"
              data={[...new Set((communes ?? []).map((c) => c.nomCommune))]}
              {...field}
              error={erreur('ville')}
            />
          )}
        />
        {champ('telephone1', 'Téléphone')}
        {champ('telephone2', 'Téléphone 2')}
        {champ('mail', 'Mail')}
        {champ('siteWeb', 'Site web')}
      </SimpleGrid>
    </FormulairePage>
  );
}
