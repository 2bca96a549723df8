import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toastErreurFormulaire } from '../lib/api';

/**
 * The submit handler of a dialog's form: writes the values, says so in a green toast, refreshes
 * the query that lists them and closes; a refusal lands under the fields and in a red toast.
 */
export function useEnregistrement<T extends FieldValues>(
  form: UseFormReturn<T>,
  {
    ecrire,
    succes,
    requete,
    erreur,
    fermer,
  }: {
    ecrire: (valeurs: T) => Promise<unknown>;
    succes: string;
    requete: QueryKey;
    erreur: string;
    fermer: () => void;
  },
) {
  const client = useQueryClient();
  return form.handleSubmit(async (valeurs) => {
    try {
      await ecrire(valeurs);
      notifications.show({ color: 'green', message: succes });
      await client.invalidateQueries({ queryKey: requete });
      fermer();
    } catch (e) {
      toastErreurFormulaire(e, form, erreur);
    }
  });
}
