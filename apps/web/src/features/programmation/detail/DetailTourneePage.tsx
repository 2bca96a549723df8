import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { LIBELLES_TOURNEE } from '@estive/domain';
import { avecToastErreurServeur } from '../../../lib/api';
import { Chargement } from '../../../ui/Chargement';
import { CLE_TOURNEE, lireTournee, ouvrirFichier } from '../api';
import { CarteLecture } from '../commun/CarteLecture';
import { BadgeStatut, periode } from '../tableau/ProgrammationTournees';

/**
 * 'Tournée - Détail' (`tournee/detail/{id}`, spec part 1 §2): the round's operator cards, read
 * only, 'Retour', and 'Planning de contrôle' when the planning exists.
 */
export default function DetailTourneePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: t, isError } = useQuery({
    queryKey: [CLE_TOURNEE, id],
    queryFn: () => lireTournee(id ?? ''),
    enabled: !!id,
    retry: false,
  });
  const retour = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/tournee?onglet=programmation');
  };
  if (!id || isError) {
    return (
      <Stack p="md">
        <Text>Cette tournée est introuvable.</Text>
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={retour}>
            {LIBELLES_TOURNEE.boutons.retour}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!t) return <Chargement />;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{LIBELLES_TOURNEE.titreDetail}</Title>
          <Group gap="sm">
            <BadgeStatut statut={t.statut} />
            <Text size="sm">{t.controleurDenomination ?? ''}</Text>
            <Text size="sm" c="dimmed">
              {periode(t.debut, t.fin)}
            </Text>
            {t.campagne ? (
              <Text size="sm" c="dimmed">
                {t.campagne.libelle}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={retour}>
            {LIBELLES_TOURNEE.boutons.retour}
          </Button>
          {t.planning ? (
            <Button
              leftSection={<IconCalendarEvent size={18} />}
              onClick={() =>
                void avecToastErreurServeur(ouvrirFichier(t.planning?.id ?? '')).catch(
                  () => undefined,
                )
              }
            >
              {LIBELLES_TOURNEE.planningControle}
            </Button>
          ) : null}
        </Group>
      </Group>
      {t.operateurs.length === 0 ? (
        <Text c="dimmed">Aucun contrôle dans cette tournée</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {t.operateurs.map((o) => (
            <CarteLecture key={o.operateur.id} o={o} controleurTournee={t.controleurId} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
