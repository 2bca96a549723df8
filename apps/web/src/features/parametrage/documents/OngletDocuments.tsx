import {
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ReferentielParametrage, ReferentielPatch } from '@estive/contracts';
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
  joindreReferentiel,
  lireGrille,
  lireReferentiels,
  modifierReferentiel,
  supprimerReferentiel,
  telecharger,
} from '../api';
import { ChampDate } from '../../../ui/ChampDate';
import { CelluleActions } from '../../../ui/CelluleActions';
import { ConfirmationAction, type AConfirmer } from '../../../ui/ConfirmationAction';
import { DefilementHorizontal } from '../../../ui/DefilementHorizontal';

const CLE = ['parametrage', 'referentiels'];

const TYPE_INITIAL: TypeReferentiel = 'CAHIER_DES_CHARGES';

type Valeurs = {
  aopIgpId: string;
  typeDocument: TypeReferentiel;
  libelle: string;
  versionDocument: string;
  debutValidite: string;
  finValidite: string;
};

const valeursDe = (d: ReferentielParametrage | null, aopIgpId: string): Valeurs => ({
  aopIgpId: d?.aopIgpId ?? aopIgpId,
  typeDocument: d?.typeDocument ?? TYPE_INITIAL,
  libelle: d?.libelle ?? '',
  versionDocument: d?.versionDocument ?? '',
  debutValidite: d?.debutValidite ?? '',
  finValidite: d?.finValidite ?? '',
});

/** The fields changed since `avant`, empty text as no value: a PATCH of nothing is not sent. */
function changements(avant: Valeurs, apres: Valeurs): ReferentielPatch {
  const c: ReferentielPatch = {};
  if (apres.libelle !== avant.libelle) c.libelle = apres.libelle;
  if (apres.typeDocument !== avant.typeDocument) c.typeDocument = apres.typeDocument;
  if (apres.versionDocument !== avant.versionDocument)
    c.versionDocument = apres.versionDocument || null;
  if (apres.debutValidite !== avant.debutValidite) c.debutValidite = apres.debutValidite || null;
  if (apres.finValidite !== avant.finValidite) c.finValidite = apres.finValidite || null;
  return c;
}

/**
 * A new reference document, or the correction of one (`document`): its name, type, version,
 * validity and file. A file chosen for a document that has one replaces it, after asking.
 */
function DialogueDocument({
  aopIgps,
  document,
  fermer,
}: {
  aopIgps: { id: string; libelle: string }[];
  document: ReferentielParametrage | null;
  fermer: () => void;
}) {
  const client = useQueryClient();
  const initiales = valeursDe(document, aopIgps[0]?.id ?? '');
  const { register, control, handleSubmit, setError, formState, getFieldState, watch } =
    useForm<Valeurs>({ defaultValues: initiales });
  const [fichier, setFichier] = useState<File | null>(null);
  const [confirmation, setConfirmation] = useState<AConfirmer | null>(null);
  const erreurFichier = fichier && fichier.size > TAILLE_MAX_FICHIER ? M.fichierTropGros : null;
  const erreur = (k: keyof Valeurs) => getFieldState(k, formState).error?.message;
  const texte = (k: keyof Valeurs) => ({ ...register(k), error: erreur(k) });
  const enregistrer = async (v: Valeurs) => {
    try {
      if (document) {
        const c = changements(initiales, v);
        if (Object.keys(c).length > 0) await modifierReferentiel(document.id, c);
        if (fichier) await joindreReferentiel(document.id, fichier);
      } else {
        await creerReferentiel(
          { ...v, debutValidite: v.debutValidite || null, finValidite: v.finValidite || null },
          fichier,
        );
      }
      notifications.show({ color: 'green', message: 'Le document a été enregistré' });
      await client.invalidateQueries({ queryKey: CLE });
      fermer();
    } catch (e) {
      toastErreurFormulaire(e, { setError }, "Erreur durant l'enregistrement du document");
    }
  };
  const envoyer = handleSubmit((v) => {
    if (document?.fichier && fichier) {
      setConfirmation({
        titre: 'Remplacer le fichier',
        texte: `Remplacer « ${document.fichier.fileName} » par « ${fichier.name} » ? L’ancien fichier est supprimé.`,
        bouton: 'Remplacer',
        action: () => enregistrer(v),
      });
      return Promise.resolve();
    }
    return enregistrer(v);
  });
  const rien = document !== null && !formState.isDirty && !fichier;
  return (
    <Modal
      opened
      onClose={fermer}
      title={
        document ? `Modifier le document ${document.libelle}` : 'Nouveau document de référence'
      }
      size="lg"
      centered
    >
      <form noValidate onSubmit={(e) => void envoyer(e)}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="aopIgpId"
              render={({ field }) => (
                <Select
                  label="AOP-IGP"
                  data={aopIgps.map((a) => ({ value: a.id, label: a.libelle }))}
                  value={field.value}
                  allowDeselect={false}
                  disabled={document !== null}
                  onChange={(x) => field.onChange(x ?? '')}
                  error={erreur('aopIgpId')}
                />
              )}
            />
            <Controller
              control={control}
              name="typeDocument"
              render={({ field }) => (
                <Select
                  label="Type"
                  data={TYPES_REFERENTIEL.map((t) => ({
                    value: t,
                    label: LIBELLES_TYPE_DOCUMENT[t],
                  }))}
                  value={field.value}
                  allowDeselect={false}
                  onChange={(x) =>
                    field.onChange(TYPES_REFERENTIEL.find((t) => t === x) ?? TYPE_INITIAL)
                  }
                  error={erreur('typeDocument')}
                />
              )}
            />
          </SimpleGrid>
          <TextInput label="Libellé" withAsterisk {...texte('libelle')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Version" {...texte('versionDocument')} />
            {(
              [
                ['debutValidite', 'Début de validité'],
                ['finValidite', 'Fin de validité'],
              ] as const
            ).map(([nom, label]) => (
              <Controller
                key={nom}
                control={control}
                name={nom}
                render={({ field }) => <ChampDate label={label} {...field} error={erreur(nom)} />}
              />
            ))}
          </SimpleGrid>
          <FileInput
            label={
              document?.fichier
                ? 'Remplacer le fichier (PDF, 5 Mo au plus)'
                : 'Fichier (PDF, 5 Mo au plus)'
            }
            description={
              document?.fichier ? `Fichier actuel : ${document.fichier.fileName}` : undefined
            }
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
              type="submit"
              disabled={!watch('libelle').trim() || !!erreurFichier || rien}
              loading={formState.isSubmitting}
            >
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmationAction demande={confirmation} fermer={() => setConfirmation(null)} />
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
  // The dialog: closed (undefined), a new document (null) or the one being corrected.
  const [edite, setEdite] = useState<ReferentielParametrage | null | undefined>(undefined);
  const [confirmation, setConfirmation] = useState<AConfirmer | null>(null);
  const supprimer = (r: ReferentielParametrage) =>
    setConfirmation({
      titre: 'Supprimer un document de référence',
      texte: `Supprimer « ${r.libelle} »${r.fichier ? ` et son fichier ${r.fichier.fileName}` : ''} ? Les rapports déjà signés le citent toujours ; pour ne plus le proposer aux contrôles sans le supprimer, désactivez-le.`,
      bouton: 'Supprimer',
      action: () =>
        supprimerReferentiel(r.id)
          .then(() => {
            notifications.show({ color: 'green', message: 'Le document a été supprimé' });
            return client.invalidateQueries({ queryKey: CLE });
          })
          .catch((e: unknown) => toastErreurServeur(e)),
    });
  const basculer = useMutation({
    mutationFn: ({ id, actif }: { id: string; actif: boolean }) =>
      modifierReferentiel(id, { actif }),
    onSuccess: () => client.invalidateQueries({ queryKey: CLE }),
    onError: (e) => toastErreurServeur(e),
  });
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button disabled={!grille} onClick={() => setEdite(null)}>
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
              {/* Positioned: the hidden text stays inside the scroll box, not wider than the page. */}
              <Table.Th style={{ position: 'relative' }}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
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
                <CelluleActions
                  modifier={{
                    label: `Modifier le document ${r.libelle}`,
                    onClick: () => setEdite(r),
                    disabled: !grille,
                  }}
                  supprimer={{
                    label: `Supprimer le document ${r.libelle}`,
                    onClick: () => supprimer(r),
                  }}
                />
              </Table.Tr>
            ))}
            {data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>Aucun résultat</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </DefilementHorizontal>
      {edite !== undefined && grille && (
        <DialogueDocument
          key={edite?.id ?? 'nouveau'}
          aopIgps={grille.aopIgps}
          document={edite}
          fermer={() => setEdite(undefined)}
        />
      )}
      <ConfirmationAction demande={confirmation} fermer={() => setConfirmation(null)} />
    </Stack>
  );
}
