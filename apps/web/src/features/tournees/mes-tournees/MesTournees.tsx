import { useState } from 'react';
import { Alert, Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { AVANT_PREMIERE_SYNCHRO, ETATS_VIDES, formaterDateLongue } from '@estive/domain';
import type { OperateurAnnuaire } from '../types';
import { BarreOutils } from './BarreOutils';
import { CarteVisite } from './CarteVisite';
import type { CarteVisite as Carte, Colonne as ColonneJour } from './cartes';
import { DialogueAnnulation } from './DialogueAnnulation';
import { DialogueRecapitulatif } from './DialogueRecapitulatif';
import { NavigationDate } from './NavigationDate';
import { useMesTournees } from './useMesTournees';

interface PropsColonne {
  colonne: ColonneJour;
  operateurs: Map<string, OperateurAnnuaire>;
  surAnnuler: (carte: Carte) => void;
}

/** 'Lundi 23 novembre': the year is in the date picker above, the columns stay narrow. */
const titreJour = (jour: string): string => {
  const texte = formaterDateLongue(jour).replace(/ \d{4}$/, '');
  return texte.charAt(0).toUpperCase() + texte.slice(1);
};

function Colonne({ colonne, operateurs, surAnnuler }: PropsColonne) {
  return (
    <Paper withBorder p={6} radius="md" bg="gray.0" style={{ minWidth: 0 }}>
      <Title order={3} size="h5" mb="xs">
        {titreJour(colonne.jour)}
      </Title>
      <Stack gap="xs">
        {colonne.cartes.map((carte) => (
          <CarteVisite
            key={carte.cle}
            carte={carte}
            operateur={operateurs.get(carte.personneMoraleId)}
            surAnnuler={surAnnuler}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Mes tournées (spec part 1 §2), entirely from the device store so it works offline. Wide screens
 * show Monday to Saturday side by side in equal columns, a landscape tablet (1024 px) included,
 * without a sideways scroll: the cards wrap their content to the column. Portrait tablets and
 * phones stack the days.
 */
export function MesTournees() {
  const etat = useMesTournees();
  const [aAnnuler, setAAnnuler] = useState<Carte | null>(null);
  const [recapitulatif, setRecapitulatif] = useState(false);
  const etroit = useMediaQuery('(max-width: 900px)');

  if (etat.chargement || etat.jour === null) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const vide = etat.colonnes.every((c) => c.cartes.length === 0);
  // Stacked, empty days would only push the work down: they are left out.
  const affichees = etroit ? etat.colonnes.filter((c) => c.cartes.length > 0) : etat.colonnes;
  const colonnes = affichees.map((c) => (
    <Colonne key={c.jour} colonne={c} operateurs={etat.operateurs} surAnnuler={setAAnnuler} />
  ));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <NavigationDate
          jour={etat.jour}
          affichage={etat.affichage}
          joursAvecControles={etat.joursAvecControles}
          surJour={etat.setJour}
          surAffichage={etat.setAffichage}
        />
        <BarreOutils surRecapitulatif={() => setRecapitulatif(true)} />
      </Group>
      {etat.jamaisSynchronise && vide ? (
        <Alert
          color="blue"
          icon={<IconRefresh />}
          title={AVANT_PREMIERE_SYNCHRO.titre}
          data-testid="avant-premiere-synchro"
        >
          {AVANT_PREMIERE_SYNCHRO.texte}
        </Alert>
      ) : vide ? (
        <Text c="dimmed" ta="center" p="xl">
          {ETATS_VIDES.aucunControleSemaine}
        </Text>
      ) : etroit ? (
        <Stack gap="sm">{colonnes}</Stack>
      ) : (
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${colonnes.length}, minmax(0, 1fr))`,
            gap: 'var(--mantine-spacing-xs)',
            alignItems: 'start',
          }}
        >
          {colonnes}
        </Box>
      )}
      {aAnnuler && (
        <DialogueAnnulation
          carte={aAnnuler}
          operateur={
            etat.operateurs.get(aAnnuler.personneMoraleId)?.raisonSociale ??
            `Opérateur ${aAnnuler.personneMoraleId}`
          }
          surFermer={() => setAAnnuler(null)}
        />
      )}
      {recapitulatif && <DialogueRecapitulatif surFermer={() => setRecapitulatif(false)} />}
    </Stack>
  );
}
