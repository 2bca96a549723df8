import { MultiSelect, Select } from '@mantine/core';
import {
  useController,
  type Control,
  type FieldValues,
  type Path,
  type UseControllerProps,
} from 'react-hook-form';
import { activitesDe, options } from './references';

/**
 * The label of a habilitation form (required; cleared: ''). `surChoix` runs on every change: the
 * form clears there the activities chosen, which belong to the previous label.
 */
export function ChampAop<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  rules,
  aops,
  surChoix,
}: {
  control: Control<T>;
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
  aops: { id: string; libelle: string }[] | undefined;
  surChoix: () => void;
}) {
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <Select
      label="AOP-IGP"
      withAsterisk
      data={options(aops)}
      value={typeof field.value === 'string' && field.value ? field.value : null}
      onChange={(x) => {
        field.onChange(x ?? '');
        surChoix();
      }}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
    />
  );
}

/**
 * The activities of the label chosen, several at once (an identification request covers them
 * all): nothing to choose before the label.
 */
export function ChampActivites<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  rules,
  activites,
  aop,
}: {
  control: Control<T>;
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
  activites: { id: string; libelle: string; aopIgpId: string }[] | undefined;
  aop: string;
}) {
  const { field, fieldState } = useController({ control, name, rules });
  const choisies: unknown[] = Array.isArray(field.value) ? field.value : [];
  return (
    <MultiSelect
      label="Activités"
      withAsterisk
      placeholder={aop ? 'Choisir' : "Choisir d'abord l'AOP-IGP"}
      disabled={!aop}
      data={activitesDe(activites, aop)}
      value={choisies.filter((a) => typeof a === 'string')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
    />
  );
}
