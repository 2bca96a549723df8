import { Box, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ETATS_VIDES } from '@estive/domain';
import { api, toastErreurFormulaire, toastErreurServeur } from '../../lib/api';
import { CelluleActions } from '../../ui/CelluleActions';
import { ConfirmationAction, type AConfirmer } from '../../ui/ConfirmationAction';
import { DefilementHorizontal } from '../../ui/DefilementHorizontal';
import { DialogueFormulaire } from '../../ui/DialogueFormulaire';
import { AjoutSite } from './AjoutSite';
import { CarteSites } from './CarteSites';
import {
  ChampsSite,
  changementsSite,
  valeursSite,
  type Site,
  type ValeursSite,
} from './FormulaireSite';

type Aop = { id: string; libelle: string };

/** Corrects a site: only the fields changed are sent (`PATCH …/sites/{siteId}`). */
function DialogueSite({
  site,
  personneMoraleId,
  aops,
  fermer,
  surModifie,
}: {
  site: Site;
  personneMoraleId: string;
  aops: Aop[];
  fermer: () => void;
  surModifie: () => void;
}) {
  const initiales = valeursSite(site);
  const form = useForm<ValeursSite>({ defaultValues: initiales });
  return (
    <DialogueFormulaire
      titre={`Modifier le site ${site.libelle}`}
      fermer={fermer}
      enCours={form.formState.isSubmitting}
      taille="lg"
      envoyer={form.handleSubmit(async (v) => {
        const corps = changementsSite(v, initiales);
        if (Object.keys(corps).length === 0) {
          fermer();
          return;
        }
        try {
          await api('PATCH /api/personne-morale/{id}/sites/{siteId}', {
            params: { id: personneMoraleId, siteId: site.id },
            corps,
          });
          notifications.show({ message: 'Le site a bien été modifié', autoClose: 5000 });
          surModifie();
          fermer();
        } catch (err) {
          toastErreurFormulaire(err, form, "Le site n'a pas pu être modifié");
        }
      })}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ChampsSite form={form} aops={aops} />
      </SimpleGrid>
    </DialogueFormulaire>
  );
}

/**
 * The operator's sites on its fiche (spec part 1 §2 'morale'; issue 32 item 2): added, corrected,
 * deleted after asking (the server keeps a site a control cites and says so), each with its
 * labels; placed on the map when it has coordinates.
 */
export function SitesOperateur({
  sites,
  personneMoraleId,
  aops,
  surChange,
}: {
  sites: Site[];
  personneMoraleId: string;
  aops: Aop[];
  surChange: () => void;
}) {
  const [modifie, setModifie] = useState<Site | null>(null);
  const [confirmation, setConfirmation] = useState<AConfirmer | null>(null);
  const libelles = (s: Site) =>
    s.aopIds.flatMap((id) => aops.find((a) => a.id === id)?.libelle ?? []).join(', ');
  const supprimer = (s: Site) =>
    setConfirmation({
      titre: 'Supprimer un site',
      texte: `Supprimer le site ${s.libelle} ? Les appareils des contrôleurs le perdront à leur prochaine synchronisation.`,
      bouton: 'Supprimer',
      action: () =>
        api('DELETE /api/personne-morale/{id}/sites/{siteId}', {
          params: { id: personneMoraleId, siteId: s.id },
        })
          .then(() => {
            notifications.show({ message: 'Le site a bien été supprimé', autoClose: 5000 });
            surChange();
          })
          .catch((err: unknown) => toastErreurServeur(err)),
    });
  return (
    <Stack>
      <AjoutSite personneMoraleId={personneMoraleId} aops={aops} surAjout={surChange} />
      {/* Side by side from md; on a phone the table takes the width and the map goes below. */}
      <Group align="flex-start" wrap="wrap">
        <Box flex={1} miw={{ base: '100%', md: 0 }}>
          {sites.length === 0 ? (
            <Text c="dimmed">{ETATS_VIDES.aucunSite}</Text>
          ) : (
            <DefilementHorizontal libelle="Sites">
              {/* Relative: the hidden header text stays inside the scroll box (no page scroll at 390). */}
              <Table striped withTableBorder aria-label="Sites" pos="relative">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Libellé</Table.Th>
                    <Table.Th>Adresse</Table.Th>
                    <Table.Th>Code postal</Table.Th>
                    <Table.Th>Ville</Table.Th>
                    <Table.Th>Coordonnées</Table.Th>
                    <Table.Th>AOP-IGP</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sites.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.libelle}</Table.Td>
                      <Table.Td>{s.adresse1}</Table.Td>
                      <Table.Td>{s.codePostal}</Table.Td>
                      <Table.Td>{s.ville}</Table.Td>
                      <Table.Td>
                        {s.latitude !== null && s.longitude !== null
                          ? `${s.latitude}, ${s.longitude}`
                          : ''}
                      </Table.Td>
                      <Table.Td>{libelles(s)}</Table.Td>
                      <CelluleActions
                        modifier={{
                          label: `Modifier le site ${s.libelle}`,
                          onClick: () => setModifie(s),
                        }}
                        supprimer={{
                          label: `Supprimer le site ${s.libelle}`,
                          onClick: () => supprimer(s),
                        }}
                      />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </DefilementHorizontal>
          )}
        </Box>
        <CarteSites sites={sites} />
      </Group>
      {modifie && (
        <DialogueSite
          key={modifie.id}
          site={modifie}
          personneMoraleId={personneMoraleId}
          aops={aops}
          fermer={() => setModifie(null)}
          surModifie={surChange}
        />
      )}
      <ConfirmationAction demande={confirmation} fermer={() => setConfirmation(null)} />
    </Stack>
  );
}
