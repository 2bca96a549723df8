import { notifications } from '@mantine/notifications';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, toastErreurFormulaire } from '../../../lib/api';

const DUREE_TOAST_MS = 5000;

/** A success toast of spec part 1 §8 (5000 ms). */
export function notifierSucces(message: string): void {
  notifications.show({ color: 'green', message, autoClose: DUREE_TOAST_MS });
}

/**
 * A failure toast of spec part 1 §8: its text as title; for 400 and 412 the server's global
 * errors as bullets (and its field errors on the form, if any), otherwise the error's message.
 */
export function notifierEchec<T extends FieldValues>(
  message: string,
  erreur: unknown,
  form?: { setError: UseFormSetError<T> },
): void {
  if (erreur instanceof ApiError && (erreur.status === 400 || erreur.status === 412)) {
    toastErreurFormulaire(erreur, form, message);
    return;
  }
  notifications.show({
    color: 'red',
    title: message,
    message: erreur instanceof Error ? erreur.message : String(erreur),
    autoClose: DUREE_TOAST_MS,
  });
}
