import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toastErreurFormulaire } from '../lib/api';

/**
 * The submit handler of a dialog's form: writes the values, says so in a green toast, refreshes
 * the query that lists them and closes (or goes on with what the server answered); a refusal lands
 * under the fields and in a red toast.
 */
export function useEnregistrement<T extends FieldValues, R>(
  form: UseFormReturn<T>,
  {
    ecrire,
    succes,
    requete,
    erreur,
    fermer,
  }: {
    ecrire: (valeurs: T) => Promise<R>;
    succes: string;
    requete: QueryKey;
    erreur: string;
    fermer: (reponse: R) => void;
  },
) {
  const client = useQueryClient();
  return form.handleSubmit(async (valeurs) => {
    try {
      const reponse = await ecrire(valeurs);
      notifications.show({ color: 'green', message: succes });
      await client.invalidateQueries({ queryKey: requete });
      fermer(reponse);
    } catch (e) {
      toastErreurFormulaire(e, form, erreur);
    }
  });
}
