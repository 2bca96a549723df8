import { List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './errors';

/** Spec part 2 §8: toasts last 5000 ms. */
export const DUREE_TOAST_MS = 5000;

const messageDe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Spec part 2 §8 'Server failure': 'Erreur d'accès au serveur' with the error's message as
 * caption, unless the status is one the caller expects (e.g. 404 on an export).
 */
export function toastErreurServeur(error: unknown, statutsIgnores: readonly number[] = []): void {
  if (error instanceof ApiError && statutsIgnores.includes(error.status)) return;
  // A refused input is no server failure: its French messages are what the user must read
  // (issue 32, item 5: 'Ce champ doit contenir une valeur entre 0 et 100', not the generic title).
  if (messagesDeValidation(error).length > 0) {
    toastErreurFormulaire(error, undefined, 'Saisie refusée');
    return;
  }
  notifications.show({
    color: 'red',
    title: "Erreur d'accès au serveur",
    message: messageDe(error),
    autoClose: DUREE_TOAST_MS,
  });
}

/** Shows the server-failure toast and rethrows, as the spec's client does. */
export async function avecToastErreurServeur<T>(
  promesse: Promise<T>,
  statutsIgnores: readonly number[] = [],
): Promise<T> {
  try {
    return await promesse;
  } catch (e) {
    toastErreurServeur(e, statutsIgnores);
    throw e;
  }
}

const estValidation = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 412);

/** The messages of a refused input (400/412): its global errors, then its fields'. */
export function messagesDeValidation(error: unknown): string[] {
  if (!estValidation(error)) return [];
  const corps = error.corps;
  return [
    ...new Set([
      ...(corps?.globalErrors ?? []),
      ...(corps?.fieldErrors ?? []).map((f) => f.defaultMessage),
    ]),
  ];
}

/** Server field names use brackets (`controles[0].siteId`); react-hook-form paths use dots. */
export const cheminFormulaire = (champ: string): string => champ.replace(/\[(\w+)\]/g, '.$1');

/**
 * Spec part 2 §8 'Form failure': a toast with the given text and 'Veuillez vérifier votre saisie'.
 * For 400 and 412 the server's globalErrors become bullets and its fieldErrors are set on the
 * form's fields (without a form, they become bullets too); any other status shows the error's
 * message.
 */
export function toastErreurFormulaire<T extends FieldValues>(
  error: unknown,
  form: { setError: UseFormSetError<T> } | undefined,
  texte: string,
): void {
  const validation = estValidation(error);
  // With a form, field messages go under their fields; without one (or a form that does not
  // hold the field), the toast is the only place they can be read.
  const globales = validation
    ? form
      ? (error.corps?.globalErrors ?? [])
      : messagesDeValidation(error)
    : [];
  if (validation && form) {
    for (const { field, defaultMessage } of error.corps?.fieldErrors ?? []) {
      // The server names the form's own fields (the contracts' schemas are the form's): a string
      // the compiler cannot tie to a Path of T.
      form.setError(cheminFormulaire(field) as Path<T>, {
        type: 'server',
        message: defaultMessage,
      });
    }
  }
  notifications.show({
    color: 'red',
    title: texte,
    autoClose: DUREE_TOAST_MS,
    message: (
      <Stack gap={4}>
        {validation ? (
          globales.length > 0 && (
            <List size="sm">
              {globales.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          )
        ) : (
          <Text size="sm">{messageDe(error)}</Text>
        )}
        <Text size="sm" c="dimmed">
          Veuillez vérifier votre saisie
        </Text>
      </Stack>
    ),
  });
}
