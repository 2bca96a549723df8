import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ContactPhysique } from '@estive/contracts';
import { CIVILITES } from '@estive/domain';
import { api, toastErreurFormulaire } from '../../lib/api';
import { sansVides } from './api';
import { ChampCivilite, OPTIONS_CIVILITE } from './Civilite';
import { champsTexte } from './champsTexte';

const VIDE = { civilite: '', nom: '', prenom: '', fonction: '', telephone1: '', mail: '' };
type Valeurs = typeof VIDE & { personnePhysiqueId: string };

/** « Madame Odile Cuenot »: how a person is named in the suggestions. */
export const nomComplet = (p: { civilite: string | null; prenom: string | null; nom: string }) =>
  [OPTIONS_CIVILITE.find((o) => o.value === p.civilite)?.label, p.prenom, p.nom]
    .filter(Boolean)
    .join(' ');

/**
 * Links a contact (a person and a function) to the operator: `POST /api/fonction`. As the name is
 * typed, the perimeter's natural persons of that name are offered (`/api/contact/physique/
 * recherche`); « Utiliser cette personne » links that person instead of typing them again: the
 * server takes the person's identity, no second person is created (issue 32 item 2).
 */
export function AjoutContact({
  personneMoraleId,
  surAjout,
}: {
  personneMoraleId: string;
  surAjout: () => void;
}) {
  const form = useForm<Valeurs>({ defaultValues: { ...VIDE, personnePhysiqueId: '' } });
  const { control, handleSubmit, setError, reset, formState, watch, setValue, clearErrors } = form;
  const champ = champsTexte(form);
  const [personne, setPersonne] = useState<ContactPhysique | null>(null);
  const nom = watch('nom').trim();
  const [recherche] = useDebouncedValue(nom, 300);
  const { data: suggestions } = useQuery({
    queryKey: ['contact-physique', recherche],
    queryFn: ({ signal }) =>
      api('GET /api/contact/physique/recherche', { query: { q: recherche }, signal }),
    enabled: personne === null && recherche.length >= 2,
    staleTime: 30_000,
  });
  const utiliser = (p: ContactPhysique) => {
    setPersonne(p);
    clearErrors();
    setValue('personnePhysiqueId', p.id);
    setValue('civilite', p.civilite ?? '');
    setValue('nom', p.nom);
    setValue('prenom', p.prenom);
    setValue('mail', p.mail ?? '');
    setValue('telephone1', p.telephone ?? '');
  };
  const oublier = () => {
    setPersonne(null);
    setValue('personnePhysiqueId', '');
    clearErrors('personnePhysiqueId');
  };
  const erreurPersonne = formState.errors.personnePhysiqueId?.message;
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          try {
            const { personnePhysiqueId, ...champs } = v;
            await api('POST /api/fonction', {
              corps: {
                ...sansVides(champs),
                civilite: CIVILITES.find((c) => c === v.civilite) ?? null,
                nom: v.nom,
                personneMoraleId: Number(personneMoraleId),
                personnePhysiqueId: personnePhysiqueId ? Number(personnePhysiqueId) : null,
              },
            });
            notifications.show({ message: 'Le contact a bien été ajouté', autoClose: 5000 });
            reset({ ...VIDE, personnePhysiqueId: '' });
            setPersonne(null);
            surAjout();
          } catch (err) {
            toastErreurFormulaire(err, { setError }, "Le contact n'a pas pu être ajouté");
          }
        })(e)
      }
    >
      <Stack gap="sm">
        {personne && (
          <Alert
            color={erreurPersonne ? 'red' : 'blue'}
            title={`Personne existante : ${nomComplet(personne)}`}
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {erreurPersonne ??
                  'Le contact sera cette personne de l’annuaire : son identité n’est pas saisie une seconde fois.'}
              </Text>
              <Button size="compact-sm" variant="default" onClick={oublier}>
                Saisir une autre personne
              </Button>
            </Group>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          {personne ? (
            <>
              <Text size="sm">
                <Text span fw={500}>
                  Nom :{' '}
                </Text>
                {nomComplet(personne)}
              </Text>
            </>
          ) : (
            <>
              <ChampCivilite control={control} name="civilite" />
              {champ('nom', 'Nom', true)}
              {champ('prenom', 'Prénom')}
            </>
          )}
          {champ('fonction', 'Fonction')}
          {champ('telephone1', 'Téléphone')}
          {champ('mail', 'Mail')}
        </SimpleGrid>
        {!personne && suggestions && suggestions.length > 0 && recherche === nom && (
          <Paper withBorder p="xs" aria-label="Personnes existantes" component="section">
            <Text size="sm" fw={500} mb={4}>
              Personnes existantes de ce nom
            </Text>
            <Stack gap={4}>
              {suggestions.slice(0, 5).map((p) => (
                <Group key={p.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {nomComplet(p)}
                    {p.mail ? ` · ${p.mail}` : ''}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`Utiliser cette personne : ${nomComplet(p)}`}
                    onClick={() => utiliser(p)}
                  >
                    Utiliser cette personne
                  </Button>
                </Group>
              ))}
            </Stack>
          </Paper>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            Ajouter un contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
