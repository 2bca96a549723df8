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

/** Server field names use brackets (`controles[0].siteId`); react-hook-form paths use dots. */
export const cheminFormulaire = (champ: string): string => champ.replace(/\[(\w+)\]/g, '.$1');

/**
 * Spec part 2 §8 'Form failure': a toast with the given text and 'Veuillez vérifier votre saisie'.
 * For 400 and 412 the server's globalErrors become bullets and its fieldErrors are set on the
 * form's fields; any other status shows the error's message.
 */
export function toastErreurFormulaire<T extends FieldValues>(
  error: unknown,
  form: { setError: UseFormSetError<T> } | undefined,
  texte: string,
): void {
  const validation = error instanceof ApiError && (error.status === 400 || error.status === 412);
  const globales = validation ? (error.corps?.globalErrors ?? []) : [];
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
