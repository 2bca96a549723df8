import { Badge, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  ETATS_VIDES,
  formaterSiret,
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_RESULTAT,
  LIBELLES_STATUT_CONTROLE,
  LIBELLES_STATUT_HABILITATION,
} from '@estive/domain';
import { api } from '../../lib/api';
import { AttenteOuRefus } from '../../ui/AttenteOuRefus';
import { AjoutContact } from './AjoutContact';
import { ContactsOperateur } from './ContactsOperateur';
import { BoutonAnonymisation } from './Anonymisation';
import { DocumentsDi } from './DocumentsDi';
import { SitesOperateur } from './SitesOperateur';
import { dateFr as date } from './api';

function Liste<T>({
  lignes,
  vide,
  colonnes,
}: {
  lignes: T[];
  vide: string;
  colonnes: [string, (l: T) => React.ReactNode][];
}) {
  if (!lignes.length) return <Text c="dimmed">{vide}</Text>;
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          {colonnes.map(([t]) => (
            <Table.Th key={t}>{t}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lignes.map((l, i) => (
          <Table.Tr key={i}>
            {colonnes.map(([t, v]) => (
              <Table.Td key={t}>{v(l)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A code's French label; an unknown code is shown as it is. */
const libelle = (libelles: Record<string, string>, code: string | null) =>
  code === null ? '' : (libelles[code] ?? code);

/** The operator's labels (of the perimeter: the fiche lists those only), once each. */
const aopsDe = (habilitations: { aopIgp: { id: string; libelle: string } }[]) => [
  ...new Map(habilitations.map((h) => [h.aopIgp.id, h.aopIgp])).values(),
];

/** Spec part 1 §2 'morale': an operator's file card, tab by tab. */
export default function FicheMoralePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const {
    data: f,
    error,
    refetch,
  } = useQuery({
    queryKey: ['fiche-morale', id],
    queryFn: ({ signal }) => api('GET /api/fiche/morale/{id}', { params: { id }, signal }),
  });
  if (!f)
    return (
      <AttenteOuRefus
        erreur={error}
        objet="Opérateur"
        retour={{ chemin: '/recherche', libelle: "Retour à l'annuaire" }}
        reessayer={() => void refetch()}
      />
    );
  const adresse = [f.adresse1, f.adresse2, `${f.codePostal ?? ''} ${f.ville ?? ''}`].filter(
    Boolean,
  );
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Group>
          <Title order={2}>{f.raisonSociale}</Title>
          <Badge variant="light" color={f.isHabilite ? 'green' : 'gray'}>
            {f.isHabilite ? 'Habilité' : 'Non habilité'}
          </Badge>
        </Group>
        <Group>
          <Button
            variant="light"
            onClick={() => void navigate(`/recherche/morale/${f.id}/modification`)}
          >
            Modifier
          </Button>
          <BoutonAnonymisation
            personne="morale"
            id={f.id}
            quoi="La personne morale"
            surFait={() => void navigate('/recherche')}
          />
        </Group>
      </Group>
      <Tabs defaultValue="identite">
        <Tabs.List>
          <Tabs.Tab value="identite">Identité</Tabs.Tab>
          <Tabs.Tab value="sites">Sites</Tabs.Tab>
          <Tabs.Tab value="contacts">Contacts</Tabs.Tab>
          <Tabs.Tab value="habilitations">Habilitations</Tabs.Tab>
          <Tabs.Tab value="historique">Contrôles et manquements</Tabs.Tab>
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
          <Tabs.Tab value="groupes">Groupes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="identite" pt="md">
          <Stack gap={4}>
            <Text>Siret : {formaterSiret(f.siret)}</Text>
            <Text>EDE : {f.ede ?? ''}</Text>
            <Text>PACAGE : {f.pac ?? ''}</Text>
            <Text>Adresse : {adresse.join(', ')}</Text>
            <Text>Téléphone : {f.telephone1 ?? ''}</Text>
            <Text>Mail : {f.mail ?? ''}</Text>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sites" pt="md">
          <SitesOperateur
            sites={f.sites}
            personneMoraleId={f.id}
            aops={aopsDe(f.habilitations)}
            surChange={() => void refetch()}
          />
        </Tabs.Panel>
        <Tabs.Panel value="contacts" pt="md">
          <Stack>
            <AjoutContact personneMoraleId={f.id} surAjout={() => void refetch()} />
            <ContactsOperateur
              contacts={f.contacts}
              operateur={f.raisonSociale}
              surChange={() => void refetch()}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="habilitations" pt="md">
          <Stack>
            <Group justify="flex-end">
              <Button
                onClick={() => void navigate(`/recherche/morale/${f.id}/habilitation/creation`)}
              >
                Ajouter une habilitation
              </Button>
            </Group>
            <Liste
              lignes={f.habilitations}
              vide={ETATS_VIDES.aucunResultat}
              colonnes={[
                ['AOP-IGP', (h) => h.aopIgp.libelle],
                ['Activité', (h) => h.activite.libelle],
                ['Statut', (h) => LIBELLES_STATUT_HABILITATION[h.statut]],
                ['Date de DI', (h) => date(h.dateDi)],
                [
                  'Documents',
                  (h) => (
                    <DocumentsDi
                      personneMoraleId={f.id}
                      aopId={h.aopIgp.id}
                      fichiers={h.fichiers}
                    />
                  ),
                ],
                [
                  '',
                  (h) => (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() =>
                        void navigate(
                          `/recherche/morale/${f.id}/habilitation/modification/${h.aopIgp.id}`,
                        )
                      }
                    >
                      Modifier
                    </Button>
                  ),
                ],
              ]}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="historique" pt="md">
          <Stack>
            <Title order={4}>Contrôles</Title>
            <Liste
              lignes={f.controles}
              vide={ETATS_VIDES.aucunResultat}
              colonnes={[
                ['Date', (c) => date(c.date)],
                ['AOP-IGP', (c) => c.aopIgp],
                ['Statut', (c) => libelle(LIBELLES_STATUT_CONTROLE, c.statut)],
                ['Résultat', (c) => libelle(LIBELLES_RESULTAT, c.resultat)],
              ]}
            />
            <Title order={4}>Manquements</Title>
            <Liste
              lignes={f.manquements}
              vide={ETATS_VIDES.aucunManquement}
              colonnes={[
                ['Date', (m) => date(m.date)],
                ['Point de contrôle', (m) => m.libelle],
                ['État', (m) => libelle(LIBELLES_ETAT_MANQUEMENT, m.statut)],
              ]}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <Liste
            lignes={f.documents}
            vide={ETATS_VIDES.aucunResultat}
            colonnes={[
              ['Fichier', (d) => d.fileName],
              ['Type', (d) => d.typeDocument],
              ['Date', (d) => date(d.dateCreation)],
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="groupes" pt="md">
          <Liste
            lignes={f.groupes}
            vide={ETATS_VIDES.aucunResultat}
            colonnes={[['Groupe', (g) => g.libelle]]}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
