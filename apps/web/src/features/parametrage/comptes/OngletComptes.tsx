import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UtilisateurLigne } from '@estive/contracts';
import { MESSAGES_COMPTES, MESSAGES_GENERIQUES, ROLES } from '@estive/domain';
import { toastErreurServeur } from '../../../lib/api';
import { droitActif, useSession } from '../../../offline/session/session';
import { definirActif, lireComptes } from './api';
import { DialogueCompte } from './DialogueCompte';
import { DialogueDroits } from './DialogueDroits';
import { DialogueImport } from './DialogueImport';
import { DialogueModification } from './DialogueModification';
import { LIBELLES_ROLE } from './roles';
import { ReglageConnexion } from './ReglageConnexion';

/** Settings 'Comptes': the accounts holding a right on the active perimeter's ODG. */
export default function OngletComptes() {
  const s = useSession();
  const droit = droitActif(s);
  const cnaol = s.principal?.roles.includes('ROLE_CNAOL') ?? false;
  const client = useQueryClient();
  const [recherche, setRecherche] = useState('');
  const [filtre] = useDebouncedValue(recherche, 500);
  const [dialogue, setDialogue] = useState<'creation' | 'import' | null>(null);
  const [aDesactiver, setADesactiver] = useState<UtilisateurLigne | null>(null);
  const [aModifier, setAModifier] = useState<UtilisateurLigne | null>(null);
  const [droitsDe, setDroitsDe] = useState<UtilisateurLigne | null>(null);
  const comptes = useQuery({
    queryKey: ['parametrage', 'comptes', droit?.id, filtre],
    queryFn: () => lireComptes(filtre, 0, 200),
  });
  // The national body gives rights on any ODG it holds one on (all); an ANIMATEUR on its own.
  const odgs = (cnaol ? (s.principal?.droits ?? []) : droit ? [droit] : []).map((d) => ({
    value: d.odgId,
    label: d.raisonSociale,
  }));
  const roles = ROLES.filter((r) => cnaol || r !== 'ROLE_CNAOL');

  const basculer = async (c: UtilisateurLigne) => {
    try {
      await definirActif(c.id, !c.actif);
      notifications.show({
        color: 'green',
        message: c.actif ? MESSAGES_COMPTES.compteDesactive : MESSAGES_COMPTES.compteReactive,
      });
      await client.invalidateQueries({ queryKey: ['parametrage', 'comptes'] });
    } catch (e) {
      toastErreurServeur(e);
    }
  };

  const lignes = comptes.data?.content ?? [];
  return (
    <Stack>
      {cnaol && <ReglageConnexion />}
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            Comptes ayant un droit sur <b>{droit?.raisonSociale ?? '—'}</b>
          </Text>
          <TextInput
            mt={4}
            w={320}
            aria-label="Rechercher un compte"
            placeholder="Nom, prénom ou email"
            leftSection={<IconSearch size={16} />}
            value={recherche}
            onChange={(e) => setRecherche(e.currentTarget.value)}
          />
        </div>
        <Group>
          <Button
            variant="light"
            leftSection={<IconFileImport size={18} />}
            onClick={() => setDialogue('import')}
          >
            Importer un fichier
          </Button>
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialogue('creation')}>
            Nouveau compte
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover withTableBorder aria-label="Comptes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nom</Table.Th>
              <Table.Th>Prénom</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Rôle</Table.Th>
              <Table.Th>ODG</Table.Th>
              <Table.Th>Statut</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lignes.map((c) => (
              <Table.Tr key={c.id} data-compte={c.mail}>
                <Table.Td>{c.nom}</Table.Td>
                <Table.Td>{c.prenom}</Table.Td>
                <Table.Td>{c.mail}</Table.Td>
                <Table.Td>{LIBELLES_ROLE[c.role]}</Table.Td>
                <Table.Td>{c.droits.map((d) => d.raisonSociale).join(', ')}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={c.actif ? 'estive' : 'gray'} variant="light">
                      {c.actif ? 'Actif' : 'Désactivé'}
                    </Badge>
                    {c.motDePasseTemporaire && (
                      <Badge color="yellow" variant="light">
                        Mot de passe temporaire
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {c.mail !== s.principal?.login && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setAModifier(c)}>
                        Modifier
                      </Button>
                      <Button size="xs" variant="subtle" onClick={() => setDroitsDe(c)}>
                        Droits
                      </Button>
                      <Button
                        size="xs"
                        variant={c.actif ? 'subtle' : 'light'}
                        color={c.actif ? 'red' : 'blue'}
                        onClick={() => (c.actif ? setADesactiver(c) : void basculer(c))}
                      >
                        {c.actif ? 'Désactiver' : 'Réactiver'}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {comptes.isSuccess && lignes.length === 0 && (
        <Text c="dimmed">{MESSAGES_GENERIQUES.aucunResultat}</Text>
      )}
      {dialogue === 'creation' && (
        <DialogueCompte odgs={odgs} roles={roles} fermer={() => setDialogue(null)} />
      )}
      {dialogue === 'import' && <DialogueImport fermer={() => setDialogue(null)} />}
      {aModifier && (
        <DialogueModification
          compte={aModifier}
          odgs={odgs}
          roles={roles}
          fermer={() => setAModifier(null)}
        />
      )}
      {droitsDe && (
        <DialogueDroits
          compte={droitsDe}
          odgActifId={droit?.odgId}
          // The national body gives a right on any ODG (through its own right there); an
          // ANIMATEUR's accounts already hold its ODG: nothing more to give.
          donnables={
            cnaol
              ? (s.principal?.droits ?? []).map((d) => ({
                  droitId: d.id,
                  odgId: d.odgId,
                  label: d.raisonSociale,
                }))
              : []
          }
          fermer={() => setDroitsDe(null)}
        />
      )}
      <Modal
        opened={aDesactiver !== null}
        onClose={() => setADesactiver(null)}
        title="Désactiver le compte"
        centered
      >
        <Stack>
          <Text>
            Désactiver le compte de {aDesactiver?.prenom} {aDesactiver?.nom} ? Ses sessions sont
            fermées immédiatement et il ne pourra plus se connecter.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setADesactiver(null)}>
              Annuler
            </Button>
            <Button
              color="red"
              onClick={() => {
                const c = aDesactiver;
                setADesactiver(null);
                if (c) void basculer(c);
              }}
            >
              Désactiver
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
