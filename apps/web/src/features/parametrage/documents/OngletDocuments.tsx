import {
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formaterDate,
  LIBELLES_TYPE_DOCUMENT,
  MESSAGES_VALIDATION as M,
  TAILLE_MAX_FICHIER,
  TYPES_REFERENTIEL,
  type TypeReferentiel,
} from '@estive/domain';
import { toastErreurFormulaire, toastErreurServeur } from '../../../lib/api';
import {
  creerReferentiel,
  lireGrille,
  lireReferentiels,
  modifierReferentiel,
  telecharger,
} from '../api';
import { DefilementHorizontal } from '../../../ui/DefilementHorizontal';

const CLE = ['parametrage', 'referentiels'];

const TYPE_INITIAL: TypeReferentiel = 'CAHIER_DES_CHARGES';

function DialogueDocument({
  aopIgps,
  fermer,
}: {
  aopIgps: { id: string; libelle: string }[];
  fermer: () => void;
}) {
  const client = useQueryClient();
  const [v, setV] = useState({
    aopIgpId: aopIgps[0]?.id ?? '',
    typeDocument: TYPE_INITIAL,
    libelle: '',
    versionDocument: '',
    debutValidite: '',
    finValidite: '',
  });
  const [fichier, setFichier] = useState<File | null>(null);
  const [envoi, setEnvoi] = useState(false);
  const erreurFichier = fichier && fichier.size > TAILLE_MAX_FICHIER ? M.fichierTropGros : null;
  const enregistrer = async () => {
    setEnvoi(true);
    try {
      await creerReferentiel(
        { ...v, debutValidite: v.debutValidite || null, finValidite: v.finValidite || null },
        fichier,
      );
      notifications.show({ color: 'green', message: 'Le document a été enregistré' });
      await client.invalidateQueries({ queryKey: CLE });
      fermer();
    } catch (e) {
      toastErreurFormulaire(e, undefined, "Erreur durant l'enregistrement du document");
    } finally {
      setEnvoi(false);
    }
  };
  const champ = (k: keyof typeof v) => ({
    value: v[k],
    onChange: (e: { currentTarget: { value: string } }) => {
      const valeur = e.currentTarget.value;
      setV((x) => ({ ...x, [k]: valeur }));
    },
  });
  return (
    <Modal opened onClose={fermer} title="Nouveau document de référence" size="lg" centered>
      <Stack>
        <Group grow>
          <Select
            label="AOP-IGP"
            data={aopIgps.map((a) => ({ value: a.id, label: a.libelle }))}
            value={v.aopIgpId}
            allowDeselect={false}
            onChange={(x) => setV((y) => ({ ...y, aopIgpId: x ?? '' }))}
          />
          <Select
            label="Type"
            data={TYPES_REFERENTIEL.map((t) => ({ value: t, label: LIBELLES_TYPE_DOCUMENT[t] }))}
            value={v.typeDocument}
            allowDeselect={false}
            onChange={(x) => setV((y) => ({ ...y, typeDocument: x ?? 'CAHIER_DES_CHARGES' }))}
          />
        </Group>
        <TextInput label="Libellé" withAsterisk {...champ('libelle')} />
        <Group grow>
          <TextInput label="Version" {...champ('versionDocument')} />
          <TextInput label="Début de validité" type="date" {...champ('debutValidite')} />
          <TextInput label="Fin de validité" type="date" {...champ('finValidite')} />
        </Group>
        <FileInput
          label="Fichier (PDF, 5 Mo au plus)"
          accept="application/pdf,image/png,image/jpeg"
          value={fichier}
          onChange={setFichier}
          clearable
          error={erreurFichier}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Annuler
          </Button>
          <Button
            disabled={!v.libelle.trim() || !!erreurFichier}
            loading={envoi}
            onClick={() => void enregistrer()}
          >
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Documents de référence of the ODG's labels: cahier des charges and plan d'inspection with
 * their version and validity; an active one is listed on the audit report.
 */
export default function OngletDocuments() {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: CLE, queryFn: lireReferentiels });
  const { data: grille } = useQuery({ queryKey: ['parametrage', 'grille'], queryFn: lireGrille });
  const [nouveau, setNouveau] = useState(false);
  const basculer = useMutation({
    mutationFn: ({ id, actif }: { id: string; actif: boolean }) =>
      modifierReferentiel(id, { actif }),
    onSuccess: () => client.invalidateQueries({ queryKey: CLE }),
    onError: (e) => toastErreurServeur(e),
  });
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button disabled={!grille} onClick={() => setNouveau(true)}>
          Nouveau document
        </Button>
      </Group>
      <DefilementHorizontal libelle="Documents de référence">
        <Table striped withTableBorder aria-label="Documents de référence">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>AOP-IGP</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Libellé</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Validité</Table.Th>
              <Table.Th>Fichier</Table.Th>
              <Table.Th>Actif</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.aopIgp}</Table.Td>
                <Table.Td>
                  {r.typeDocument ? (
                    <Badge variant="light">{LIBELLES_TYPE_DOCUMENT[r.typeDocument]}</Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{r.libelle}</Table.Td>
                <Table.Td>{r.versionDocument}</Table.Td>
                <Table.Td>
                  {r.debutValidite ? `du ${formaterDate(r.debutValidite)}` : ''}
                  {r.finValidite ? ` au ${formaterDate(r.finValidite)}` : ''}
                </Table.Td>
                <Table.Td>
                  {r.fichier && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() =>
                        void telecharger(`/api/referentiel/${r.id}/document`).catch(
                          toastErreurServeur,
                        )
                      }
                    >
                      {r.fichier.fileName}
                    </Button>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Actif ${r.libelle}`}
                    checked={r.actif}
                    onChange={(e) => basculer.mutate({ id: r.id, actif: e.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>Aucun résultat</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </DefilementHorizontal>
      {nouveau && grille && (
        <DialogueDocument aopIgps={grille.aopIgps} fermer={() => setNouveau(false)} />
      )}
    </Stack>
  );
}
