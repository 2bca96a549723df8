import { Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperateurLigne } from '@estive/contracts';
import { formaterSiret, LIBELLES_TOURNEE, MESSAGES_TOURNEE } from '@estive/domain';
import { api } from '../../../lib/api';
import { TablePaginee } from '../../../ui/TablePaginee';
import { useFiltres } from '../../../ui/useFiltres';
import { useRequetePaginee } from '../../../ui/useRequetePaginee';
import { ajouterAuPanier } from '../api';
import { notifierEchec, notifierSucces } from '../commun/notifications';

type Ligne = OperateurLigne & Record<string, unknown>;
const VIDE = { raisonSociale: '', siret: '', codePostal: '', ville: '' };

/**
 * 'Recherche opérateur' (spec part 1 §2 'Popups'): the perimeter's operators not already in the
 * basket or the round, several chosen across pages, added to the basket with 'Ajouter' — or, given
 * `choisir` (quick creation), handed to the page without touching the basket.
 */
export function DialogueRechercheOperateur({
  exclus,
  fermer,
  choisir,
}: {
  exclus: string[];
  fermer: () => void;
  choisir?: (operateurs: OperateurLigne[]) => void;
}) {
  const client = useQueryClient();
  const { filtres: f, texte: champ } = useFiltres(VIDE);
  const [aops, setAops] = useState<string[]>([]);
  const [profils, setProfils] = useState<string[]>([]);
  const [choisies, setChoisies] = useState<Ligne[]>([]);
  const { data: valeurs } = useQuery({
    queryKey: ['principal-filters'],
    queryFn: () => api('GET /api/principal/filters'),
  });
  const requete = useRequetePaginee({
    cle: 'panier-recherche',
    appel: 'GET /api/panier/recherche',
    filtres: { ...f, aops, profils, exclus },
    triInitial: { colonne: 'raisonSociale', sens: 'asc' },
  });
  const ajout = useMutation({
    mutationFn: () => ajouterAuPanier(choisies.map((o) => o.id)),
    onSuccess: async () => {
      notifierSucces(MESSAGES_TOURNEE.operateursAjoutes);
      await client.invalidateQueries({ queryKey: ['panier'] });
      fermer();
    },
    onError: (e) => notifierEchec(MESSAGES_TOURNEE.operateursNonAjoutes, e),
  });
  const options = (l: { id: string; libelle: string }[] | undefined) =>
    (l ?? []).map((x) => ({ value: x.id, label: x.libelle }));
  return (
    <Modal opened onClose={fermer} title={LIBELLES_TOURNEE.rechercheOperateur} size="80rem">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="xs">
          {champ('raisonSociale', 'Raison sociale')}
          {champ('siret', 'Siret')}
          {champ('codePostal', 'Code postal')}
          {champ('ville', 'Ville')}
          <MultiSelect
            label="AOP-IGP"
            data={options(valeurs?.aopIgps)}
            value={aops}
            onChange={setAops}
          />
          <MultiSelect
            label="Profils"
            data={options(valeurs?.profils)}
            value={profils}
            onChange={setProfils}
          />
        </SimpleGrid>
        <TablePaginee<Ligne>
          aria-label="Opérateurs"
          requete={requete}
          selection={{ choisies, choisir: setChoisies }}
          columns={[
            { accessor: 'raisonSociale', title: 'Raison sociale', sortable: true },
            { accessor: 'siret', title: 'Siret', render: (o) => formaterSiret(o.siret) },
            { accessor: 'codePostal', title: 'Code postal', sortable: true },
            { accessor: 'ville', title: 'Ville', sortable: true },
            {
              accessor: 'aops',
              title: 'AOP-IGP',
              render: (o) => o.aops.map((a) => a.libelle).join(', '),
            },
            {
              accessor: 'profils',
              title: 'Profils',
              render: (o) => o.profils.map((p) => p.libelle).join(', '),
            },
          ]}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {choisies.length > 0 ? `${choisies.length} opérateur(s) sélectionné(s)` : ''}
          </Text>
          <Group>
            <Button variant="default" onClick={fermer}>
              {LIBELLES_TOURNEE.boutons.annuler}
            </Button>
            <Button
              disabled={choisies.length === 0}
              loading={ajout.isPending}
              onClick={() => {
                if (!choisir) {
                  ajout.mutate();
                  return;
                }
                choisir(choisies);
                fermer();
              }}
            >
              {LIBELLES_TOURNEE.boutons.ajouter}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
