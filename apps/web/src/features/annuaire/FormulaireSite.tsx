import { Autocomplete, MultiSelect, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { FicheMorale } from '@estive/contracts';
import { MESSAGES_VALIDATION } from '@estive/domain';
import { useCommunes } from './FormulaireMorale';

export type Site = FicheMorale['sites'][number];

/** The site form's values: text as typed, the labels as ids. */
export interface ValeursSite {
  libelle: string;
  adresse1: string;
  codePostal: string;
  ville: string;
  latitude: string;
  longitude: string;
  aopIds: string[];
}
export const SITE_VIDE: ValeursSite = {
  libelle: '',
  adresse1: '',
  codePostal: '',
  ville: '',
  latitude: '',
  longitude: '',
  aopIds: [],
};
/** Coordinates are shown with a French comma, and read with a comma or a dot. */
const enTexte = (x: number | null) => (x === null ? '' : String(x).replace('.', ','));
export const valeursSite = (s: Site): ValeursSite => ({
  libelle: s.libelle,
  adresse1: s.adresse1 ?? '',
  codePostal: s.codePostal ?? '',
  ville: s.ville ?? '',
  latitude: enTexte(s.latitude),
  longitude: enTexte(s.longitude),
  aopIds: s.aopIds,
});

const NOMBRE_ATTENDU = 'Utilisez un nombre (45,76 ou 45.76)';
/** Empty is none, a number typed with a comma or a dot is that number. */
const coordonnee = (t: string): number | null => {
  const x = t.trim().replace(',', '.');
  return x === '' ? null : Number(x);
};
const lisible = (t: string) => coordonnee(t) === null || Number.isFinite(coordonnee(t));
const CLES = [
  'libelle',
  'adresse1',
  'codePostal',
  'ville',
  'latitude',
  'longitude',
  'aopIds',
] as const;
const texte = (t: string) => (t.trim() === '' ? null : t);

/** The body of a creation: every field. */
export const corpsSite = (v: ValeursSite) => ({
  libelle: v.libelle,
  adresse1: texte(v.adresse1),
  codePostal: texte(v.codePostal),
  ville: texte(v.ville),
  latitude: coordonnee(v.latitude),
  longitude: coordonnee(v.longitude),
  aopIds: v.aopIds,
});

/** The body of a correction: only the fields changed from `avant` (empty when none). */
export function changementsSite(v: ValeursSite, avant: ValeursSite) {
  const tout = corpsSite(v);
  const corps: Partial<typeof tout> = {};
  for (const k of CLES)
    if (JSON.stringify(v[k]) !== JSON.stringify(avant[k])) Object.assign(corps, { [k]: tout[k] });
  return corps;
}

/**
 * The fields of a site (add and edit): label required, the postcode's communes offered for
 * 'Ville', coordinates read with a comma or a dot, the labels chosen among the operator's ones in
 * the perimeter. The server's refusals (postcode, latitude out of range…) land under their fields.
 */
export function ChampsSite({
  form,
  aops,
}: {
  form: UseFormReturn<ValeursSite>;
  aops: { id: string; libelle: string }[];
}) {
  const { control, register, formState, watch } = form;
  const communes = useCommunes(watch('codePostal'));
  const erreur = (k: keyof ValeursSite) => formState.errors[k]?.message;
  const coordonneeLue = { validate: (t: string) => lisible(t) || NOMBRE_ATTENDU };
  return (
    <>
      <TextInput
        label="Libellé du site"
        withAsterisk
        {...register('libelle', {
          validate: (t) => t.trim() !== '' || MESSAGES_VALIDATION.obligatoire,
        })}
        error={erreur('libelle')}
      />
      <TextInput label="Adresse du site" {...register('adresse1')} error={erreur('adresse1')} />
      <TextInput label="Code postal" {...register('codePostal')} error={erreur('codePostal')} />
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
      <TextInput
        label="Latitude"
        inputMode="decimal"
        {...register('latitude', coordonneeLue)}
        error={erreur('latitude')}
      />
      <TextInput
        label="Longitude"
        inputMode="decimal"
        {...register('longitude', coordonneeLue)}
        error={erreur('longitude')}
      />
      <Controller
        control={control}
        name="aopIds"
        render={({ field }) => (
          <MultiSelect
            label="AOP-IGP du site"
            placeholder={aops.length ? 'Choisir' : 'Aucune habilitation'}
            disabled={!aops.length}
            data={aops.map((a) => ({ value: a.id, label: a.libelle }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={erreur('aopIds')}
          />
        )}
      />
    </>
  );
}
