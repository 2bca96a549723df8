import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { db } from '../../../../offline/db';
import { modifierOperateur } from '../../../../offline/sync/modifications';
import type { Coordonnees, OperateurSaisi } from '../types';
import { telephone } from './affichage';
import { coordonneesDe, patchCoordonnees, schemaCoordonnees } from './coordonnees';

/**
 * Editable contact details. Saved on the device through the operator-modification queue, so the
 * next sync pushes them with POST /api/synchro/morale.
 */
export function CarteCoordonnees({ operateur }: { operateur: OperateurSaisi }) {
  const { register, handleSubmit, reset, formState } = useForm<Coordonnees>({
    resolver: zodResolver(schemaCoordonnees),
    defaultValues: coordonneesDe(operateur),
    mode: 'onBlur',
  });
  // Phones are shown as dotted pairs, as the spec displays them.
  useEffect(() => {
    const c = coordonneesDe(operateur);
    reset({ ...c, telephone1: telephone(c.telephone1), telephone2: telephone(c.telephone2) });
  }, [operateur, reset]);

  const enregistrer = handleSubmit(async (valeurs) => {
    try {
      await modifierOperateur(db, operateur.id, patchCoordonnees(valeurs));
      notifications.show({ color: 'green', message: 'Les coordonnées ont été enregistrées' });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'Erreur durant la sauvegarde des coordonnées',
        message: e instanceof Error ? e.message : String(e),
      });
    }
  });
  const e = formState.errors;

  return (
    <Card withBorder component="form" onSubmit={(ev) => void enregistrer(ev)}>
      <Title order={4} mb="sm">
        Coordonnées
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Téléphone 1" {...register('telephone1')} error={e.telephone1?.message} />
        <TextInput label="Téléphone 2" {...register('telephone2')} error={e.telephone2?.message} />
        <TextInput label="Email" {...register('mail')} error={e.mail?.message} />
        <TextInput label="Site web" {...register('siteWeb')} error={e.siteWeb?.message} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" variant="light" disabled={!formState.isDirty}>
          Enregistrer les coordonnées
        </Button>
      </Group>
    </Card>
  );
}
