import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { BoutonsFormulaire } from './BoutonsFormulaire';
import { useModificationsNonEnregistrees } from './useModificationsNonEnregistrees';

/**
 * A form that is a whole page (not a dialog): its fields, the unsaved-changes warning, then
 * « Annuler » and the submit button. Leaving it with unsaved changes asks first ('Quitter sans
 * enregistrer ?'); cancelling does not. Validation is the server's: `surValider` receives
 * `setError`, through which its French field errors land on the fields.
 */
export function FormulairePage<V extends FieldValues>({
  form,
  largeur,
  libelleBouton,
  surValider,
  surAnnuler,
  children,
}: {
  form: UseFormReturn<V>;
  largeur: number;
  libelleBouton: string;
  surValider: (v: V, setError: UseFormSetError<V>) => Promise<void>;
  surAnnuler: () => void;
  children: ReactNode;
}) {
  const { handleSubmit, setError, formState } = form;
  // While the form is sent, its own navigation (to the new card) must not ask.
  const { alerte, laisserPartir } = useModificationsNonEnregistrees(
    formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful,
  );
  return (
    <form noValidate onSubmit={(e) => void handleSubmit((v) => surValider(v, setError))(e)}>
      <Stack maw={largeur}>
        {children}
        {alerte}
        <BoutonsFormulaire
          annuler={() => {
            laisserPartir();
            surAnnuler();
          }}
          enCours={formState.isSubmitting}
          libelle={libelleBouton}
        />
      </Stack>
    </form>
  );
}
