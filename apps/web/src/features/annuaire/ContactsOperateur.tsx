import { Anchor, SimpleGrid, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { FicheMorale } from '@estive/contracts';
import { CIVILITES, clesDe, ETATS_VIDES } from '@estive/domain';
import { api, toastErreurFormulaire, toastErreurServeur } from '../../lib/api';
import { CelluleActions } from '../../ui/CelluleActions';
import { ConfirmationAction, type AConfirmer } from '../../ui/ConfirmationAction';
import { DefilementHorizontal } from '../../ui/DefilementHorizontal';
import { DialogueFormulaire } from '../../ui/DialogueFormulaire';
import { nomComplet } from './AjoutContact';
import { ChampCivilite } from './Civilite';
import { champsTexte } from './champsTexte';

type Contact = FicheMorale['contacts'][number];

const valeursDe = (c: Contact) => ({
  civilite: c.civilite ?? '',
  nom: c.nom,
  prenom: c.prenom ?? '',
  fonction: c.fonction ?? '',
  telephone1: c.telephone1 ?? '',
  telephone2: c.telephone2 ?? '',
  mail: c.mail ?? '',
});
type Valeurs = ReturnType<typeof valeursDe>;

/** Empty text is no value; only the fields changed are sent (`PATCH /api/fonction/{id}`). */
function changements(avant: Valeurs, apres: Valeurs) {
  const corps: Partial<Record<keyof Valeurs, string | null>> = {};
  for (const k of clesDe(apres))
    if (apres[k] !== avant[k]) corps[k] = apres[k].trim() === '' ? null : apres[k];
  return corps;
}

function DialogueContact({
  contact,
  fermer,
  surModifie,
}: {
  contact: Contact;
  fermer: () => void;
  surModifie: () => void;
}) {
  const initiales = valeursDe(contact);
  const form = useForm<Valeurs>({ defaultValues: initiales });
  const champ = champsTexte(form);
  const { handleSubmit, setError, formState, control } = form;
  return (
    <DialogueFormulaire
      titre={`Modifier le contact ${nomComplet(contact)}`}
      fermer={fermer}
      enCours={formState.isSubmitting}
      taille="lg"
      envoyer={handleSubmit(async (v) => {
        const { civilite, nom, ...reste } = changements(initiales, v);
        try {
          await api('PATCH /api/fonction/{id}', {
            params: { id: contact.id },
            corps: {
              ...reste,
              ...(nom !== undefined ? { nom: nom ?? '' } : {}),
              ...(civilite !== undefined
                ? { civilite: CIVILITES.find((c) => c === civilite) ?? null }
                : {}),
            },
          });
          notifications.show({ message: 'Le contact a bien été modifié', autoClose: 5000 });
          surModifie();
          fermer();
        } catch (err) {
          toastErreurFormulaire(err, { setError }, "Le contact n'a pas pu être modifié");
        }
      })}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ChampCivilite control={control} name="civilite" />
        {champ('nom', 'Nom', true)}
        {champ('prenom', 'Prénom')}
        {champ('fonction', 'Fonction')}
        {champ('telephone1', 'Téléphone')}
        {champ('telephone2', 'Téléphone 2')}
        {champ('mail', 'Mail')}
      </SimpleGrid>
    </DialogueFormulaire>
  );
}

/**
 * The operator's linked contacts on its fiche (spec part 2 'Linked contacts', or 'Aucun contact
 * lié'): each can be corrected or unlinked, after asking (issue 32 item 2). A contact that is an
 * existing person of the directory links to that person's page.
 */
export function ContactsOperateur({
  contacts,
  operateur,
  surChange,
}: {
  contacts: Contact[];
  operateur: string;
  surChange: () => void;
}) {
  const [modifie, setModifie] = useState<Contact | null>(null);
  const [confirmation, setConfirmation] = useState<AConfirmer | null>(null);
  const retirer = (c: Contact) =>
    setConfirmation({
      titre: 'Retirer un contact',
      texte:
        `Retirer ${nomComplet(c)} des contacts de ${operateur} ? ${c.personnePhysiqueId ? 'La personne reste dans l’annuaire.' : ''}`.trim(),
      bouton: 'Retirer',
      action: () =>
        api('DELETE /api/fonction/{id}', { params: { id: c.id } })
          .then(() => {
            notifications.show({ message: 'Le contact a bien été retiré', autoClose: 5000 });
            surChange();
          })
          .catch((err: unknown) => toastErreurServeur(err)),
    });
  return (
    <>
      {contacts.length === 0 ? (
        <Text c="dimmed">{ETATS_VIDES.aucunContact}</Text>
      ) : (
        <DefilementHorizontal libelle="Contacts liés">
          <Table striped withTableBorder aria-label="Contacts liés">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>Fonction</Table.Th>
                <Table.Th>Téléphone</Table.Th>
                <Table.Th>Mail</Table.Th>
                {/* Positioned: the hidden text stays inside the scroll box, not wider than the page. */}
                <Table.Th style={{ position: 'relative' }}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    {c.personnePhysiqueId ? (
                      <Anchor component={Link} to={`/recherche/physique/${c.personnePhysiqueId}`}>
                        {nomComplet(c)}
                      </Anchor>
                    ) : (
                      nomComplet(c)
                    )}
                  </Table.Td>
                  <Table.Td>{c.fonction}</Table.Td>
                  <Table.Td>{[c.telephone1, c.telephone2].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td>{c.mail}</Table.Td>
                  <CelluleActions
                    modifier={{
                      label: `Modifier le contact ${nomComplet(c)}`,
                      onClick: () => setModifie(c),
                    }}
                    supprimer={{
                      label: `Retirer le contact ${nomComplet(c)}`,
                      onClick: () => retirer(c),
                    }}
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DefilementHorizontal>
      )}
      {modifie && (
        <DialogueContact
          key={modifie.id}
          contact={modifie}
          fermer={() => setModifie(null)}
          surModifie={surChange}
        />
      )}
      <ConfirmationAction demande={confirmation} fermer={() => setConfirmation(null)} />
    </>
  );
}
