import { Button, Group, Modal, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  abandonnerControleTitre,
  LIBELLES_TOURNEE,
  peutAnnuler,
  schemasValidation,
} from '@estive/domain';
import { db } from '../../../offline/db';
import { annulerControles, messagesAnnulation } from './annulation';
import { heureParis, type CarteVisite } from './cartes';

const schema = z.object({
  controleIds: schemasValidation.listeObligatoire(z.string()),
  raisonAbandon: schemasValidation.obligatoire,
});
type Valeurs = z.infer<typeof schema>;

interface Props {
  carte: CarteVisite;
  /** The operator's name: the controller sees whose visit is being cancelled. */
  operateur: string;
  surFermer: () => void;
}

/**
 * 'Abandonner le contrôle de {time}': the labels to cancel and the reason, both required. The
 * cancellation is local (the controls become ANNULE, unsynced) and goes up with the next sync.
 */
export function DialogueAnnulation({ carte, operateur, surFermer }: Props) {
  const annulables = carte.controles.filter((c) => peutAnnuler(c.statut));
  const { control, handleSubmit, formState } = useForm<Valeurs>({
    resolver: zodResolver(schema),
    // One label only: nothing to choose, it is preselected.
    defaultValues: {
      controleIds: annulables.length === 1 ? annulables.map((c) => c.id) : [],
      raisonAbandon: '',
    },
  });

  const valider = handleSubmit(async ({ controleIds, raisonAbandon }) => {
    const messages = messagesAnnulation(controleIds.length);
    try {
      await db.controles.bulkPut(annulerControles(annulables, controleIds, raisonAbandon));
      notifications.show({ color: 'green', message: messages.succes });
      surFermer();
    } catch {
      notifications.show({ color: 'red', message: messages.erreur });
    }
  });

  return (
    <Modal
      opened
      onClose={surFermer}
      title={abandonnerControleTitre(heureParis(carte.date))}
      centered
    >
      <form onSubmit={(e) => void valider(e)} noValidate>
        <Stack>
          <Text fw={600} data-testid="annulation-operateur">
            {operateur}
          </Text>
          <Controller
            control={control}
            name="controleIds"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="AOP-IGP"
                withAsterisk
                size="md"
                data={annulables.map((c) => ({ value: c.id, label: c.aopIgp.libelle }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="raisonAbandon"
            render={({ field, fieldState }) => (
              <Textarea
                label={LIBELLES_TOURNEE.raisonAbandon}
                withAsterisk
                autosize
                minRows={3}
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={surFermer}>
              Annuler
            </Button>
            <Button type="submit" color="red" mih={44} loading={formState.isSubmitting}>
              Abandonner
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
