import { ActionIcon, Button, Group, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconArrowRight, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { z } from 'zod';
import type { panierLigneSchema } from '@estive/contracts';
import { clesDe, LIBELLES_TOURNEE } from '@estive/domain';
import { TEXTES_TABLEAU } from '../../../ui/tableauFrancais';

export type LignePanier = z.infer<typeof panierLigneSchema>;

/** Spec part 1 §9: the basket table shows 50 rows a page. */
const TAILLE_PAGE_PANIER = 50;
const VIDE = { raisonSociale: '', codePostal: '', ville: '' };

const normaliser = (s: string | null) =>
  (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 'Panier des opérateurs' (spec part 1 §2, step 2, left panel): the perimeter's basket minus the
 * operators already on a card, searchable; each row deleted or moved to the controls; 'Tout
 * déposer' moves the selected rows at once.
 */
export function PanneauPanier({
  lignes,
  chargement,
  deposer,
  supprimer,
  ajouter,
  occupe,
}: {
  lignes: LignePanier[];
  chargement: boolean;
  deposer: (lignes: LignePanier[]) => void;
  supprimer: (ligne: LignePanier) => void;
  ajouter: () => void;
  occupe: boolean;
}) {
  const [f, setF] = useState(VIDE);
  const [page, setPage] = useState(1);
  const [choisies, setChoisies] = useState<LignePanier[]>([]);
  const filtrees = lignes.filter((l) =>
    clesDe(VIDE).every((cle) => normaliser(l[cle]).includes(normaliser(f[cle].trim()))),
  );
  const pages = Math.max(1, Math.ceil(filtrees.length / TAILLE_PAGE_PANIER));
  const pageCourante = Math.min(page, pages);
  const visibles = filtrees.slice(
    (pageCourante - 1) * TAILLE_PAGE_PANIER,
    pageCourante * TAILLE_PAGE_PANIER,
  );
  const presentes = choisies.filter((c) => lignes.some((l) => l.id === c.id));
  const champ = (cle: keyof typeof VIDE, label: string) => (
    <TextInput
      label={label}
      size="xs"
      value={f[cle]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setF((x) => ({ ...x, [cle]: v }));
      }}
    />
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={3} spacing="xs">
        {champ('raisonSociale', 'Raison sociale')}
        {champ('codePostal', 'Code postal')}
        {champ('ville', 'Ville')}
      </SimpleGrid>
      <Group justify="space-between" gap="xs">
        <Button
          variant="light"
          size="sm"
          leftSection={<IconUserPlus size={18} />}
          onClick={ajouter}
        >
          {LIBELLES_TOURNEE.ajouterOperateur}
        </Button>
        <Button
          size="sm"
          rightSection={<IconArrowRight size={18} />}
          disabled={presentes.length === 0 || occupe}
          onClick={() => {
            deposer(presentes);
            setChoisies([]);
          }}
        >
          {LIBELLES_TOURNEE.toutDeposer}
        </Button>
      </Group>
      <DataTable<LignePanier>
        {...TEXTES_TABLEAU}
        aria-label={LIBELLES_TOURNEE.panier}
        withTableBorder
        striped
        minHeight={visibles.length ? undefined : 150}
        fetching={chargement}
        idAccessor="id"
        records={visibles}
        totalRecords={filtrees.length}
        recordsPerPage={TAILLE_PAGE_PANIER}
        page={pageCourante}
        onPageChange={setPage}
        selectedRecords={presentes}
        onSelectedRecordsChange={setChoisies}
        columns={[
          { accessor: 'raisonSociale', title: 'Raison sociale' },
          {
            accessor: 'ville',
            title: 'Ville',
            render: (l) => [l.codePostal, l.ville].filter(Boolean).join(' '),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            width: 96,
            render: (l) => (
              <Group gap={2} wrap="nowrap" justify="flex-end">
                <Tooltip label="Supprimer du panier">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Supprimer ${l.raisonSociale} du panier`}
                    disabled={occupe}
                    onClick={() => supprimer(l)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Déposer dans les contrôles">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Déposer ${l.raisonSociale} dans les contrôles`}
                    disabled={occupe}
                    onClick={() => deposer([l])}
                  >
                    <IconArrowRight size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
