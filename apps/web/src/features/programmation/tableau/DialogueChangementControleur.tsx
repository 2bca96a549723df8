import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES_TOURNEE, messageVisitesMemeHeure, visitesMemeHeure } from '@estive/domain';
import { lireVisitesControleur, modifierControleur } from '../api';
import { notifierEchec, notifierSucces } from '../commun/notifications';
import { TableControleurs } from '../commun/TableControleurs';
import type { LigneDashboard } from '../types';

/**
 * A round waiting for its controller's sync goes to another controller (spec part 1 §2 'Row
 * actions'): the server moves its controls; the previous device drops them at its next sync.
 */
export function DialogueChangementControleur({
  tournee,
  fermer,
}: {
  tournee: LigneDashboard;
  fermer: () => void;
}) {
  const client = useQueryClient();
  const [choisi, setChoisi] = useState<string | null>(tournee.controleurId);
  // Issue 32 item 4: the new controller may already be elsewhere at one of the round's hours.
  const autre = choisi !== null && choisi !== tournee.controleurId ? choisi : null;
  const visites = useQuery({
    queryKey: ['visites-controleur', tournee.id, autre],
    queryFn: () => lireVisitesControleur(tournee.id, autre ?? undefined),
    enabled: autre !== null,
  });
  const controles = tournee.controles.filter(
    (c) => c.statut === 'PROGRAMME' || c.statut === 'EN_COURS',
  );
  const memeHeure = autre
    ? [
        ...visitesMemeHeure(
          controles.map((c) => ({ cle: c.id, raisonSociale: c.raisonSociale, date: c.date })),
          (visites.data?.visites ?? []).map((v) => ({
            cle: `autre-${v.controleId}`,
            raisonSociale: v.raisonSociale,
            date: v.date,
          })),
        ),
      ]
        // Two labels of one visit share its hour: only the other rounds' visits count here.
        .map(([cle, proches]) => ({
          controle: controles.find((c) => c.id === cle),
          proches: proches.filter((x) => x.cle.startsWith('autre-')),
        }))
        .filter((x) => x.proches.length > 0)
    : [];
  const changer = useMutation({
    mutationFn: (controleurId: string) => modifierControleur(tournee.id, controleurId),
    onSuccess: async () => {
      notifierSucces(MESSAGES_TOURNEE.controleurModifie);
      await client.invalidateQueries({ queryKey: ['tournees-dashboard'] });
      fermer();
    },
    onError: (e) => notifierEchec(MESSAGES_TOURNEE.erreurControleur, e),
  });
  return (
    <Modal opened onClose={fermer} title="Modifier le contrôleur" size="xl">
      <Stack gap="sm">
        <Text size="sm">Contrôleur actuel : {tournee.controleurDenomination ?? '—'}</Text>
        <TableControleurs choisi={choisi} choisir={(c) => setChoisi(c.id)} />
        {memeHeure.length > 0 ? (
          <Alert color="yellow" title="Visites à la même heure" role="status">
            <List size="sm">
              {memeHeure.map(({ controle, proches }) => (
                <List.Item key={controle?.id}>
                  {controle?.raisonSociale} : {messageVisitesMemeHeure(proches)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Annuler
          </Button>
          <Button
            disabled={!choisi || choisi === tournee.controleurId}
            loading={changer.isPending}
            onClick={() => choisi && changer.mutate(choisi)}
          >
            Valider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
