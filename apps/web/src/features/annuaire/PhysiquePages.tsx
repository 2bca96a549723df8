import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { CIVILITES as CIVILITES_DOMAINE } from '@estive/domain';
import { api, toastErreurFormulaire } from '../../lib/api';
import { AttenteOuRefus } from '../../ui/AttenteOuRefus';
import { FormulairePage } from '../../ui/FormulairePage';
import { BoutonAnonymisation } from './Anonymisation';
import { rolesFr, sansVides } from './api';
import { OPTIONS_CIVILITE, ChampCivilite } from './Civilite';
import { champsTexte } from './champsTexte';
import { useApresModification } from './apresModification';

const VIDE = { civilite: '', nom: '', prenom: '', mail: '', telephone: '' };
type Valeurs = typeof VIDE;
const corps = (v: Valeurs) => ({
  ...sansVides(v),
  civilite: CIVILITES_DOMAINE.find((c) => c === v.civilite) ?? null,
  nom: v.nom,
  prenom: v.prenom,
});

const useFiche = (id: string) =>
  useQuery({
    queryKey: ['fiche-physique', id],
    queryFn: ({ signal }) => api('GET /api/fiche/physique/{id}', { params: { id }, signal }),
  });

function FormulairePhysique({
  initial,
  libelleBouton,
  surValider,
  surAnnuler,
}: {
  initial: Valeurs;
  libelleBouton: string;
  surValider: (v: Valeurs, setError: UseFormSetError<Valeurs>) => Promise<void>;
  surAnnuler: () => void;
}) {
  const form = useForm<Valeurs>({ defaultValues: initial });
  const champ = champsTexte(form);
  return (
    <FormulairePage
      form={form}
      largeur={720}
      libelleBouton={libelleBouton}
      surValider={surValider}
      surAnnuler={surAnnuler}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ChampCivilite control={form.control} name="civilite" />
        <div />
        {champ('nom', 'Nom', true)}
        {champ('prenom', 'Prénom', true)}
        {champ('mail', 'Mail')}
        {champ('telephone', 'Téléphone')}
      </SimpleGrid>
    </FormulairePage>
  );
}

/** Spec part 1 §2 'physique/{id}': a natural person's card. */
export function FichePhysiquePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: p, error, refetch } = useFiche(id);
  if (!p)
    return (
      <AttenteOuRefus
        erreur={error}
        objet="Personne physique"
        retour={{ chemin: '/recherche', libelle: "Retour à l'annuaire" }}
        reessayer={() => void refetch()}
      />
    );
  const civilite = OPTIONS_CIVILITE.find((c) => c.value === p.civilite)?.label ?? '';
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Group>
          <Title order={2}>
            {p.prenom} {p.nom}
          </Title>
          {p.anonymise && <Badge color="gray">Anonymisée</Badge>}
        </Group>
        {!p.anonymise && (
          <Group>
            <Button
              variant="light"
              onClick={() => void navigate(`/recherche/physique/${id}/modification`)}
            >
              Modifier
            </Button>
            <BoutonAnonymisation
              personne="physique"
              id={id}
              quoi="La personne physique"
              surFait={() => void refetch()}
            />
          </Group>
        )}
      </Group>
      <Stack gap={4}>
        <Text>Civilité : {civilite}</Text>
        <Text>Mail : {p.mail ?? ''}</Text>
        <Text>Téléphone : {p.telephone ?? ''}</Text>
        <Text>Organisme : {p.organisme ?? ''}</Text>
        <Text>Rôles : {rolesFr(p.roles)}</Text>
      </Stack>
    </Stack>
  );
}

/** Spec part 1 §2 'physique/creation'. */
export function CreationPhysiquePage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <Stack p="md">
      <Title order={2}>Création de personne physique</Title>
      <FormulairePhysique
        initial={VIDE}
        libelleBouton="Créer"
        surAnnuler={() => void navigate('/recherche')}
        surValider={async (v, setError) => {
          try {
            const { id } = await api('POST /api/personne-physique', { corps: corps(v) });
            await client.invalidateQueries({ queryKey: ['personne-physique'] });
            notifications.show({
              message: 'La personne physique a bien été créée',
              autoClose: 5000,
            });
            void navigate(`/recherche/physique/${id}`);
          } catch (e) {
            toastErreurFormulaire(e, { setError }, "La personne physique n'a pas pu être créée");
          }
        }}
      />
    </Stack>
  );
}

/** Spec part 1 §2 'physique/{id}/modification'. */
export function ModificationPhysiquePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const apresModification = useApresModification('physique', id);
  const { data: p, error } = useFiche(id);
  if (!p)
    return (
      <AttenteOuRefus
        erreur={error}
        objet="Personne physique"
        retour={{ chemin: '/recherche', libelle: "Retour à l'annuaire" }}
      />
    );
  return (
    <Stack p="md">
      <Title order={2}>Modification de personne physique</Title>
      <FormulairePhysique
        initial={{
          civilite: p.civilite ?? '',
          nom: p.nom,
          prenom: p.prenom,
          mail: p.mail ?? '',
          telephone: p.telephone ?? '',
        }}
        libelleBouton="Enregistrer"
        surAnnuler={() => void navigate(`/recherche/physique/${id}`)}
        surValider={async (v, setError) => {
          try {
            await api('PATCH /api/personne-physique/{id}', { params: { id }, corps: corps(v) });
            await apresModification();
          } catch (e) {
            toastErreurFormulaire(e, { setError }, "La personne physique n'a pas pu être modifiée");
          }
        }}
      />
    </Stack>
  );
}
