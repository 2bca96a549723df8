import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportComptesReponse } from '@estive/contracts';
import { MESSAGES_COMPTES, MESSAGES_VALIDATION, TAILLE_MAX_FICHIER } from '@estive/domain';
import { toastErreurServeur } from '../../../lib/api';
import { importerComptes } from './api';
import { LIBELLES_ROLE } from './roles';

/**
 * Mass creation from a CSV or XLSX file: a dry run first lists the accounts and every error by
 * line; the accounts are created only from a file without errors.
 */
export function DialogueImport({ fermer }: { fermer: () => void }) {
  const client = useQueryClient();
  const [fichier, setFichier] = useState<File | null>(null);
  const [rapport, setRapport] = useState<ImportComptesReponse | null>(null);
  const [enCours, setEnCours] = useState(false);
  const trop = fichier !== null && fichier.size > TAILLE_MAX_FICHIER;

  const lancer = async (simulation: boolean) => {
    if (!fichier) return;
    setEnCours(true);
    try {
      const r = await importerComptes(fichier, simulation);
      setRapport(r);
      if (!simulation && r.crees > 0) {
        notifications.show({ color: 'green', message: MESSAGES_COMPTES.comptesImportes(r.crees) });
        await client.invalidateQueries({ queryKey: ['parametrage', 'comptes'] });
        fermer();
      }
    } catch (e) {
      toastErreurServeur(e);
    } finally {
      setEnCours(false);
    }
  };

  const valide = rapport !== null && rapport.erreurs.length === 0 && rapport.comptes.length > 0;
  return (
    <Modal opened onClose={fermer} title="Import de comptes" centered size="xl">
      <Stack>
        <Text size="sm">
          Fichier CSV (séparateur « ; » ou « , ») ou classeur XLSX, une ligne d’en-tête avec les
          colonnes <b>mail</b>, <b>nom</b>, <b>prenom</b>, <b>role</b> (CNAOL, ANIMATEUR ou
          CONTROLEUR), <b>odg</b> (SIRET ou raison sociale, plusieurs séparés par « | ») et,
          facultative, <b>motDePasse</b> (sinon généré et envoyé par mail).
        </Text>
        <FileInput
          label="Fichier"
          placeholder="Choisir un fichier"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={18} />}
          value={fichier}
          onChange={(f) => {
            setFichier(f);
            setRapport(null);
          }}
          error={trop ? MESSAGES_VALIDATION.fichierTropGros : undefined}
          clearable
        />
        {rapport && rapport.erreurs.length > 0 && (
          <Alert
            color="red"
            title={`${String(rapport.erreurs.length)} erreur(s) : aucun compte n’a été créé`}
          >
            <List size="sm" aria-label="Erreurs du fichier">
              {rapport.erreurs.map((e) => (
                <List.Item key={`${String(e.ligne)}-${e.champ ?? ''}-${e.message}`}>
                  Ligne {e.ligne}
                  {e.champ ? ` (${e.champ})` : ''} : {e.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {rapport && rapport.comptes.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {rapport.comptes.length} compte(s) valide(s) sur {rapport.lignes} ligne(s)
            </Text>
            <Table striped withTableBorder aria-label="Comptes du fichier">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ligne</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Nom</Table.Th>
                  <Table.Th>Prénom</Table.Th>
                  <Table.Th>Rôle</Table.Th>
                  <Table.Th>ODG</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rapport.comptes.map((c) => (
                  <Table.Tr key={c.ligne}>
                    <Table.Td>{c.ligne}</Table.Td>
                    <Table.Td>{c.mail}</Table.Td>
                    <Table.Td>{c.nom}</Table.Td>
                    <Table.Td>{c.prenom}</Table.Td>
                    <Table.Td>{LIBELLES_ROLE[c.role]}</Table.Td>
                    <Table.Td>{c.odgs.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Annuler
          </Button>
          <Button
            variant="light"
            disabled={!fichier || trop}
            loading={enCours}
            onClick={() => void lancer(true)}
          >
            Vérifier le fichier
          </Button>
          <Button disabled={!valide || enCours} onClick={() => void lancer(false)}>
            {valide ? `Créer les ${String(rapport.comptes.length)} comptes` : 'Créer les comptes'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
