import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { LIBELLES_TOURNEE } from '@estive/domain';
import type { InformationsOperateur } from '../types';
import { estIncomplete, type CarteControle } from './cartes';
import { EditeurCarte } from './EditeurCarte';

interface Props {
  carte: CarteControle;
  informations: InformationsOperateur | undefined;
  erreurs: Record<string, string> | undefined;
  /** Another visit of the controller at the same hour (issue 32 item 4): a warning. */
  alerte?: string | undefined;
  modifier: (carte: CarteControle) => void;
  supprimer: () => void;
  versPanier: () => void;
  editer: () => void;
  occupee: boolean;
}

function Action({
  label,
  onClick,
  children,
  color,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  color?: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        size="lg"
        color={color}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A control card of step 2 (spec part 1 §2 'Cards'): 'À faire' with delete and back-to-basket,
 * a red 'Incomplet' chip on a warning background while something is missing; 'Validé' with edit
 * and delete once the server holds its controls. Expanded, the per-label details.
 */
export function CarteOperateur({
  carte,
  informations,
  erreurs,
  alerte,
  modifier,
  supprimer,
  versPanier,
  editer,
  occupee,
}: Props) {
  const incomplete = !carte.valide && estIncomplete(carte);
  const enErreur = !carte.valide && !!erreurs && Object.keys(erreurs).length > 0;
  const [ouverte, setOuverte] = useState(false);
  const [confirmation, setConfirmation] = useState(false);
  const nom = carte.raisonSociale;
  return (
    <Paper
      withBorder
      p="sm"
      role="article"
      aria-label={`Contrôle de ${nom}`}
      bg={incomplete || enErreur ? 'var(--mantine-color-orange-light)' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {nom}
          </Text>
          <Text size="sm" c="dimmed">
            {[carte.codePostal, carte.ville].filter(Boolean).join(' ')}
          </Text>
          <Group gap={6}>
            {carte.valide ? (
              <Badge color="green" variant="light">
                {LIBELLES_TOURNEE.valide}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {LIBELLES_TOURNEE.aFaire}
              </Badge>
            )}
            {incomplete ? (
              <Badge color="red" variant="filled">
                {LIBELLES_TOURNEE.incomplet}
              </Badge>
            ) : null}
            {alerte ? (
              <Badge color="yellow" variant="light" title={alerte}>
                Même heure
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {carte.valide ? (
            <Action label={`Modifier les contrôles de ${nom}`} onClick={editer} disabled={occupee}>
              <IconPencil size={20} />
            </Action>
          ) : (
            <Action label={`Remettre ${nom} au panier`} onClick={versPanier} disabled={occupee}>
              <IconArrowLeft size={20} />
            </Action>
          )}
          <Action
            label={`Supprimer le contrôle de ${nom}`}
            // The server holds a validated card's controls: deleting them is asked first.
            onClick={carte.valide ? () => setConfirmation(true) : supprimer}
            color="red"
            disabled={occupee}
          >
            <IconTrash size={20} />
          </Action>
          <Action
            label={ouverte ? `Replier ${nom}` : `Déplier ${nom}`}
            onClick={() => setOuverte((o) => !o)}
          >
            {ouverte ? <IconChevronUp size={20} /> : <IconChevronDown size={20} />}
          </Action>
        </Group>
      </Group>
      <Collapse expanded={ouverte || enErreur}>
        <Stack pt="sm">
          <EditeurCarte
            carte={carte}
            informations={informations}
            erreurs={erreurs}
            alerte={alerte}
            lectureSeule={carte.valide}
            modifier={modifier}
          />
        </Stack>
      </Collapse>
      <Modal
        opened={confirmation}
        onClose={() => setConfirmation(false)}
        title="Supprimer les contrôles"
        centered
      >
        <Stack>
          <Text size="sm">
            Les contrôles validés de {nom} seront supprimés de la tournée. Voulez-vous continuer ?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmation(false)}>
              Annuler
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirmation(false);
                supprimer();
              }}
            >
              Supprimer
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
