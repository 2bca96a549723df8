import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconListCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LIBELLES_TOURNEE, MESSAGES_TOURNEE } from '@estive/domain';
import { droitActif, useSession } from '../../../offline/session/session';
import { useModificationsNonEnregistrees } from '../../../ui/useModificationsNonEnregistrees';
import { TableControleurs } from '../commun/TableControleurs';
import { TravailEnCours } from '../commun/TravailEnCours';
import { estIncomplete, type CarteControle } from '../creation/cartes';
import { DialogueRechercheOperateur } from '../creation/DialogueRechercheOperateur';
import { DialogueSaisieLot } from '../creation/DialogueSaisieLot';
import { EditeurCarte } from '../creation/EditeurCarte';
import { useCreationRapide, type CreationRapide } from './useCreationRapide';

const RETOUR_LISTE = '/tournee?onglet=programmation';
export const TITRE_CREATION_RAPIDE = 'Tournée - Création rapide';

function CarteRapide({ carte, r }: { carte: CarteControle; r: CreationRapide }) {
  const nom = carte.raisonSociale;
  const erreurs = r.erreurs[carte.personneMoraleId];
  const alerte = r.alertes[carte.personneMoraleId];
  const incomplete = estIncomplete(carte);
  return (
    <Paper withBorder p="sm" role="article" aria-label={`Contrôle de ${nom}`}>
      <Group justify="space-between" wrap="nowrap" align="start" mb="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {nom}
          </Text>
          <Text size="sm" c="dimmed">
            {[carte.codePostal, carte.ville].filter(Boolean).join(' ')}
          </Text>
          <Group gap={6}>
            {incomplete ? (
              <Badge color="red" variant="filled">
                {LIBELLES_TOURNEE.incomplet}
              </Badge>
            ) : null}
            {alerte ? (
              <Badge color="yellow" variant="light">
                Même heure
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Tooltip label={`Retirer ${nom}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Retirer ${nom}`}
            onClick={() => r.retirer(carte.personneMoraleId)}
            disabled={r.occupe}
          >
            <IconTrash size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <EditeurCarte
        carte={carte}
        informations={r.informations[carte.personneMoraleId]}
        erreurs={erreurs}
        alerte={alerte}
        modifier={r.modifier}
      />
    </Paper>
  );
}

/**
 * 'Tournée - Création rapide' (`/tournee/creation-rapide`; spec part 1 §4 'quick creation (one
 * or several operators)', §7 `creation-rapide`; the spec shows no screen): a controller, the
 * operators and their cards on one page, one request; the round is then in preparation, opened in
 * the wizard to finalise.
 */
export default function CreationRapidePage() {
  const navigate = useNavigate();
  const droit = droitActif(useSession());
  const [fini, setFini] = useState(false);
  const r = useCreationRapide((id) => {
    laisserPartir();
    setFini(true);
    void navigate(`/tournee/creation/${id}`);
  });
  const { alerte, laisserPartir } = useModificationsNonEnregistrees(r.cartes.length > 0 && !fini);
  const [recherche, setRecherche] = useState(false);
  const [lot, setLot] = useState(false);
  if (!droit)
    return (
      <Stack p="md">
        <Title order={2}>{TITRE_CREATION_RAPIDE}</Title>
        <Text role="alert">{MESSAGES_TOURNEE.perimetreCreation}</Text>
      </Stack>
    );
  return (
    <Stack p="md" gap="md">
      {alerte}
      <Title order={2}>{TITRE_CREATION_RAPIDE}</Title>
      <Text size="sm" c="dimmed">
        Un contrôleur, un ou plusieurs opérateurs et leurs contrôles : la tournée est créée en une
        fois, en préparation, puis ouverte pour être finalisée.
      </Text>
      <TravailEnCours
        travail={r.travail}
        incertain={r.incertain}
        verifier={() => void navigate(RETOUR_LISTE)}
      />
      <Paper withBorder p="sm" component="section" aria-label="Contrôleur">
        <Title order={3} size="h4" mb="xs">
          {LIBELLES_TOURNEE.etapesCreation[0]}
        </Title>
        <TableControleurs choisi={r.controleurId} choisir={(c) => r.choisirControleur(c.id)} />
        {r.erreurControleur ? (
          <Text c="red" size="sm" role="alert" mt="xs">
            {r.erreurControleur}
          </Text>
        ) : null}
      </Paper>
      <Paper withBorder p="sm" component="section" aria-label={LIBELLES_TOURNEE.controles}>
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={3} size="h4">
            {LIBELLES_TOURNEE.controles}
          </Title>
          <Group gap="xs">
            <Button
              size="sm"
              variant="light"
              leftSection={<IconListCheck size={18} />}
              disabled={r.cartes.length === 0 || r.occupe}
              onClick={() => setLot(true)}
            >
              {LIBELLES_TOURNEE.saisieEnLot}
            </Button>
            <Button
              size="sm"
              leftSection={<IconPlus size={18} />}
              disabled={r.occupe}
              onClick={() => setRecherche(true)}
            >
              Ajouter des opérateurs
            </Button>
          </Group>
        </Group>
        {r.cartes.length === 0 ? (
          <Text c="dimmed" size="sm" py="lg" ta="center">
            Ajoutez les opérateurs à contrôler.
          </Text>
        ) : (
          <Stack gap="xs">
            {r.cartes.map((c) => (
              <CarteRapide key={c.personneMoraleId} carte={c} r={r} />
            ))}
          </Stack>
        )}
        {r.erreurOperateurs ? (
          <Text c="red" size="sm" role="alert" mt="xs">
            {r.erreurOperateurs}
          </Text>
        ) : null}
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(RETOUR_LISTE)}>
          {LIBELLES_TOURNEE.boutons.annuler}
        </Button>
        <Button onClick={r.creer} loading={r.occupe}>
          Créer la tournée
        </Button>
      </Group>
      {recherche ? (
        <DialogueRechercheOperateur
          exclus={r.cartes.map((c) => c.personneMoraleId)}
          fermer={() => setRecherche(false)}
          choisir={r.ajouter}
        />
      ) : null}
      {lot ? (
        <DialogueSaisieLot
          nombre={r.cartes.length}
          fermer={() => setLot(false)}
          valider={(l) => {
            r.saisieEnLot(l);
            setLot(false);
          }}
        />
      ) : null}
    </Stack>
  );
}
