import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LIBELLES_TOURNEE, MESSAGES_TOURNEE } from '@estive/domain';
import { toastErreurFormulaire } from '../../../lib/api';
import { Chargement } from '../../../ui/Chargement';
import { droitActif, useSession } from '../../../offline/session/session';
import { CHEMIN_CONTROLES_EXTERNES } from '../../tableau-de-bord';
import { deposer, lireOdg } from './api';
import { nouveauControle, versRequete, type DepotForm } from './formulaire';
import { LigneControle } from './LigneControle';

/**
 * Dépôt contrôle externe (`tournee/externe`, CNAOL and ANIMATEUR): controls done by another body,
 * with their shortcomings. The server judges every rule of spec part 2 §5; its field errors are
 * set on the fields. After success, the dashboard's external controls.
 */
export default function DepotExternePage() {
  const navigate = useNavigate();
  const droit = droitActif(useSession());
  const { data: odg } = useQuery({
    queryKey: ['depot-odg', droit?.id],
    queryFn: () => lireOdg(droit?.id ?? ''),
    enabled: droit !== null,
  });
  const form = useForm<DepotForm>({ defaultValues: { controles: [nouveauControle()] } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'controles' });
  const valeurs = form.watch('controles');
  const envoi = useMutation({
    mutationFn: (f: DepotForm) => deposer(versRequete(f)),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: MESSAGES_TOURNEE.controlesCreesDepot,
        autoClose: 5000,
      });
      void navigate(CHEMIN_CONTROLES_EXTERNES, { replace: true });
    },
    onError: (e) => {
      form.clearErrors();
      toastErreurFormulaire(e, form, MESSAGES_TOURNEE.erreurCreationControles);
    },
  });
  if (!odg) return <Chargement />;
  const aopIgps = odg.aopIgps.map((a) => ({ value: a.id, label: a.libelle, migre: a.migre }));
  return (
    <Stack p="md" gap="sm">
      <Title order={2}>{LIBELLES_TOURNEE.depotControleExterne}</Title>
      <form
        onSubmit={(e) => {
          // The server's errors (set by setError, some on no input: `controles[i].manquements`)
          // would otherwise stay and block every later submission.
          form.clearErrors();
          void form.handleSubmit((f) => envoi.mutate(f))(e);
        }}
        noValidate
      >
        <Stack gap="sm">
          {fields.map((f, i) => (
            <LigneControle
              key={f.id}
              control={form.control}
              i={i}
              valeur={valeurs[i] ?? f}
              aopIgps={aopIgps}
              erreurs={form.formState.errors.controles?.[i]}
              supprimer={() => remove(i)}
            />
          ))}
          <Group justify="space-between">
            <Button variant="light" onClick={() => append(nouveauControle())}>
              Ajouter un contrôle
            </Button>
            <Group>
              <Button variant="default" onClick={() => void navigate('/tournee')}>
                Annuler
              </Button>
              <Button type="submit" loading={envoi.isPending} disabled={fields.length === 0}>
                Valider
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
