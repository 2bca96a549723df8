import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconPhone } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  afficheActions,
  couleurAopIgp,
  LIBELLES_NIVEAU,
  LIBELLES_STATUT_CONTROLE,
} from '@estive/domain';
import type { OperateurAnnuaire } from '../types';
import { heureParis, lienSaisie, type CarteVisite as Carte } from './cartes';

interface Props {
  carte: Carte;
  operateur: OperateurAnnuaire | undefined;
  surAnnuler: (carte: Carte) => void;
}

const adresse = (s: {
  adresse1?: string | null;
  codePostal?: string | null;
  ville?: string | null;
}) => [s.adresse1, [s.codePostal, s.ville].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** One visit: time, sync warning, operator, its labels with level and sites, and the actions. */
export function CarteVisite({ carte, operateur, surAnnuler }: Props) {
  const [ouverte, { toggle }] = useDisclosure(false);
  const navigate = useNavigate();
  const heure = heureParis(carte.date);
  const nom = operateur?.raisonSociale ?? `Opérateur ${carte.personneMoraleId}`;
  const telephone = operateur?.telephone1 ?? operateur?.telephone2;
  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      role="article"
      aria-label={`Contrôle de ${heure} — ${nom}`}
    >
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Group gap={6} wrap="nowrap">
          <Text fw={700}>{heure}</Text>
          {carte.nonSynchronise && (
            <Tooltip label="Modifications non synchronisées">
              <IconAlertTriangle
                size={20}
                color="var(--mantine-color-orange-7)"
                aria-label="Non synchronisé"
                role="img"
              />
            </Tooltip>
          )}
        </Group>
        <Badge
          variant="light"
          color={carte.statut === 'ANNULE' ? 'red' : 'gray'}
          style={{ flexShrink: 0 }}
        >
          {LIBELLES_STATUT_CONTROLE[carte.statut]}
        </Badge>
      </Group>
      {carte.enConflit && (
        // Written out, not in a tooltip: a tablet has no hover.
        <Text size="xs" fw={600} c="orange.9" mt={4}>
          En conflit : le bureau a modifié ce contrôle pendant votre saisie, qui lui a été
          transmise.
        </Text>
      )}
      {carte.rejet !== null && (
        <Text size="xs" fw={600} c="red.9" mt={4}>
          Refusé par le serveur : {carte.rejet}. Votre saisie est conservée sur l'appareil.
        </Text>
      )}
      <Text fw={600} mt={4} lineClamp={2}>
        {nom}
      </Text>
      {telephone && (
        <Group gap={4} c="dimmed">
          <IconPhone size={14} />
          <Text size="sm">{telephone}</Text>
        </Group>
      )}
      <UnstyledButton
        onClick={toggle}
        mih={44}
        aria-expanded={ouverte}
        aria-label={`${ouverte ? 'Masquer' : 'Afficher'} les appellations`}
      >
        <Group gap={4} wrap="wrap">
          {carte.controles.map((c) => (
            <Badge key={c.id} color={couleurAopIgp(c.aopIgp.id)} variant="filled">
              {c.aopIgp.libelle}
            </Badge>
          ))}
          {ouverte ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={ouverte}>
        <Stack gap="xs" mt="xs">
          {carte.controles.map((c) => (
            <Stack
              key={c.id}
              gap={2}
              pl="xs"
              style={{ borderLeft: `4px solid ${couleurAopIgp(c.aopIgp.id)}` }}
            >
              <Text size="sm" fw={600}>
                {c.aopIgp.libelle}
              </Text>
              <Text size="sm">Niveau : {LIBELLES_NIVEAU[c.niveau]}</Text>
              {c.sites.map((s) => (
                <Text key={s.id} size="sm" c="dimmed">
                  {s.libelle} — {adresse(s)}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Collapse>
      {afficheActions(carte.statut) && (
        // Side by side when the column allows, one above the other in a narrow week column.
        <Group gap="xs" mt="xs" wrap="wrap">
          <Button
            variant="default"
            color="red"
            mih={44}
            px="xs"
            style={{ flex: '1 1 84px' }}
            onClick={() => surAnnuler(carte)}
          >
            Annuler
          </Button>
          <Button
            mih={44}
            px="xs"
            style={{ flex: '1 1 84px' }}
            onClick={() => void navigate(lienSaisie(carte))}
          >
            Saisir
          </Button>
        </Group>
      )}
    </Card>
  );
}
