import { Button, Group, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { CIVILITES } from '@estive/domain';
import { api, toastErreurFormulaire } from '../../lib/api';
import { sansVides } from './api';
import { ChampCivilite } from './Civilite';
import { champsTexte } from './champsTexte';

const VIDE = { civilite: '', nom: '', prenom: '', fonction: '', telephone1: '', mail: '' };
type Valeurs = typeof VIDE;

/** Links a contact (a person and a function) to the operator: `POST /api/fonction`. */
export function AjoutContact({
  personneMoraleId,
  surAjout,
}: {
  personneMoraleId: string;
  surAjout: () => void;
}) {
  const form = useForm<Valeurs>({ defaultValues: VIDE });
  const { control, handleSubmit, setError, reset, formState } = form;
  const champ = champsTexte(form);
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          try {
            await api('POST /api/fonction', {
              corps: {
                ...sansVides(v),
                civilite: CIVILITES.find((c) => c === v.civilite) ?? null,
                nom: v.nom,
                personneMoraleId: Number(personneMoraleId),
              },
            });
            notifications.show({ message: 'Le contact a bien été ajouté', autoClose: 5000 });
            reset(VIDE);
            surAjout();
          } catch (err) {
            toastErreurFormulaire(err, { setError }, "Le contact n'a pas pu être ajouté");
          }
        })(e)
      }
    >
      <SimpleGrid cols={{ base: 2, lg: 4 }}>
        <ChampCivilite control={control} name="civilite" />
        {champ('nom', 'Nom', true)}
        {champ('prenom', 'Prénom')}
        {champ('fonction', 'Fonction')}
        {champ('telephone1', 'Téléphone')}
        {champ('mail', 'Mail')}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={formState.isSubmitting}>
          Ajouter un contact
        </Button>
      </Group>
    </form>
  );
}
