import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import {
  couleurAopIgp,
  formaterDateLongue,
  formaterHeure,
  LIBELLES_STATUT_CONTROLE,
  LIBELLES_TOURNEE,
  libelleNiveau,
} from '@estive/domain';
import { avecToastErreurServeur, toastErreurServeur } from '../../../lib/api';
import { useSession } from '../../../offline/session/session';
import { RaisonAbandon } from '../../../ui/RaisonAbandon';
import { envoyerAvisPassage, ouvrirFichier } from '../api';
import type { OperateurTournee } from '../types';

/**
 * An operator of a round, read only (step 3 recap and round detail): name, postcode, city, date,
 * each label's level, site and status (with the reason of a cancelled one), and its 'Avis de
 * passage' when the letter exists.
 */
export function CarteLecture({
  o,
  controleurTournee,
}: {
  o: OperateurTournee;
  /** The round's controller: a control given to another one says so. */
  controleurTournee?: string | null;
}) {
  const date = o.controles[0]?.date;
  const nom = o.operateur.raisonSociale;
  // The office mails the avis de passage of a programmed control to the operator (issue 16 §5).
  const bureau = useSession().principal?.roles.some((r) => r !== 'ROLE_CONTROLEUR') ?? false;
  const programme = o.controles.find((c) => c.statut === 'PROGRAMME');
  const [envoi, setEnvoi] = useState(false);
  const envoyer = async (controleId: string) => {
    setEnvoi(true);
    try {
      const r = await envoyerAvisPassage(controleId);
      notifications.show({ color: 'green', message: r.message });
    } catch (e) {
      toastErreurServeur(e);
    } finally {
      setEnvoi(false);
    }
  };
  return (
    <Paper withBorder p="sm" role="article" aria-label={`Contrôle de ${nom}`}>
      <Group justify="space-between" align="start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{nom}</Text>
          <Text size="sm" c="dimmed">
            {[o.operateur.codePostal, o.operateur.ville].filter(Boolean).join(' ')}
          </Text>
          {date ? (
            <Text size="sm">
              {formaterDateLongue(date)} à {formaterHeure(date)}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {/* Only once finalised (the letter exists then); the mail names every label. */}
          {bureau && programme && o.avisPassage ? (
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconMail size={18} />}
              aria-label={`Envoyer l'avis de passage à ${nom} (${o.controles
                .filter((c) => c.statut === 'PROGRAMME')
                .map((c) => c.aopIgp.libelle)
                .join(', ')})`}
              loading={envoi}
              onClick={() => void envoyer(programme.id)}
            >
              Envoyer par mail
            </Button>
          ) : null}
          {o.avisPassage ? (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconFileTypePdf size={18} />}
              aria-label={`${LIBELLES_TOURNEE.avisPassage} de ${nom}`}
              onClick={() =>
                void avecToastErreurServeur(ouvrirFichier(o.avisPassage?.id ?? '')).catch(
                  () => undefined,
                )
              }
            >
              {LIBELLES_TOURNEE.avisPassage}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Stack gap={4} mt="xs">
        {o.controles.map((c) => (
          <Stack
            key={c.id}
            gap={2}
            pl="xs"
            style={{ borderLeft: `4px solid ${couleurAopIgp(c.aopIgp.id)}` }}
          >
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {c.aopIgp.libelle}
              </Text>
              <Text size="sm">{libelleNiveau(c.niveau)}</Text>
              <Text size="sm" c="dimmed">
                {c.sites.map((s) => s.libelle).join(', ')}
              </Text>
              <Badge size="sm" variant="light" color={c.statut === 'ANNULE' ? 'red' : 'gray'}>
                {LIBELLES_STATUT_CONTROLE[c.statut]}
              </Badge>
            </Group>
            {/* A control the office gave to someone else than the round's controller. */}
            {controleurTournee !== undefined &&
            c.controleurId !== null &&
            c.controleurId !== controleurTournee ? (
              <Text size="xs">Contrôleur : {c.controleurDenomination ?? ''}</Text>
            ) : null}
            <RaisonAbandon statut={c.statut} raison={c.raisonAbandon} lignes={4} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
