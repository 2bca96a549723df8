import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { LIBELLES_TOURNEE } from '@estive/domain';
import { CarteOperateur } from './CarteOperateur';
import type { CarteControle } from './cartes';
import { DialogueModification } from './DialogueModification';
import { DialogueRechercheOperateur } from './DialogueRechercheOperateur';
import { DialogueSaisieLot } from './DialogueSaisieLot';
import { PanneauPanier } from './PanneauPanier';
import type { Preparation } from './usePreparation';

type Panneau = 'panier' | 'controles';

function EntetePanneau({
  titre,
  compte,
  plein,
  basculer,
  children,
}: {
  titre: string;
  /** How many rows or cards the panel holds: a badge wide enough for 2 or 3 digits. */
  compte: number;
  plein: boolean;
  basculer: () => void;
  children?: React.ReactNode;
}) {
  const libelle = plein ? `Réduire ${titre}` : `Agrandir ${titre}`;
  return (
    <Group justify="space-between" wrap="nowrap" mb="xs">
      <Group gap="xs" wrap="nowrap">
        <Title order={3} size="h4">
          {titre}
        </Title>
        <Badge
          variant="light"
          size="lg"
          aria-label={`${titre} : ${String(compte)}`}
          styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {compte}
        </Badge>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {children}
        <Tooltip label={libelle}>
          <ActionIcon variant="subtle" size="lg" aria-label={libelle} onClick={basculer}>
            {plein ? <IconArrowsMinimize size={20} /> : <IconArrowsMaximize size={20} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * Step 2 'Préparation des contrôles' (spec part 1 §2): the basket on the left, the control cards
 * on the right, each panel expandable to the full width.
 */
export function Etape2Preparation({ p }: { p: Preparation }) {
  const [plein, setPlein] = useState<Panneau | null>(null);
  const [recherche, setRecherche] = useState(false);
  const [lot, setLot] = useState(false);
  const [aModifier, setAModifier] = useState<CarteControle | null>(null);
  const [enModification, setEnModification] = useState(false);
  const basculer = (panneau: Panneau) => () => setPlein((x) => (x === panneau ? null : panneau));
  const aFaire = p.cartes.filter((c) => !c.valide).length;
  const exclus = [
    ...p.lignesPanier.map((l) => l.personneMoraleId),
    ...p.cartes.map((c) => c.personneMoraleId),
  ];
  return (
    <>
      <Grid gap="md">
        {plein !== 'controles' ? (
          <Grid.Col span={plein === 'panier' ? 12 : { base: 12, md: 5 }}>
            <Paper withBorder p="sm" component="section" aria-label={LIBELLES_TOURNEE.panier}>
              <EntetePanneau
                titre={LIBELLES_TOURNEE.panier}
                compte={p.lignesPanier.length}
                plein={plein === 'panier'}
                basculer={basculer('panier')}
              />
              <PanneauPanier
                lignes={p.lignesPanier}
                chargement={p.chargementPanier}
                deposer={(l) => void p.deposer(l)}
                supprimer={(l) => void p.supprimerDuPanier(l)}
                ajouter={() => setRecherche(true)}
                occupe={p.occupe}
              />
            </Paper>
          </Grid.Col>
        ) : null}
        {plein !== 'panier' ? (
          <Grid.Col span={plein === 'controles' ? 12 : { base: 12, md: 7 }}>
            <Paper withBorder p="sm" component="section" aria-label={LIBELLES_TOURNEE.controles}>
              <EntetePanneau
                titre={LIBELLES_TOURNEE.controles}
                compte={p.cartes.length}
                plein={plein === 'controles'}
                basculer={basculer('controles')}
              >
                <Button
                  size="sm"
                  variant="light"
                  leftSection={<IconListCheck size={18} />}
                  disabled={aFaire === 0 || p.occupe}
                  onClick={() => setLot(true)}
                >
                  {LIBELLES_TOURNEE.saisieEnLot}
                </Button>
              </EntetePanneau>
              {p.cartes.length === 0 ? (
                <Text c="dimmed" size="sm" py="lg" ta="center">
                  Déposez des opérateurs du panier pour préparer leurs contrôles.
                </Text>
              ) : (
                <Stack gap="xs">
                  {p.cartes.map((c) => (
                    <CarteOperateur
                      key={c.personneMoraleId}
                      carte={c}
                      informations={p.informations[c.personneMoraleId]}
                      erreurs={p.erreurs[c.personneMoraleId]}
                      alerte={p.alertes[c.personneMoraleId]}
                      modifier={p.modifierLocale}
                      supprimer={() => void p.supprimerCarte(c)}
                      versPanier={() => void p.versPanier(c)}
                      editer={() => setAModifier(c)}
                      occupee={p.occupe}
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        ) : null}
      </Grid>
      {recherche ? (
        <DialogueRechercheOperateur exclus={exclus} fermer={() => setRecherche(false)} />
      ) : null}
      {lot ? (
        <DialogueSaisieLot
          nombre={aFaire}
          fermer={() => setLot(false)}
          valider={(l) => {
            p.saisieEnLot(l);
            setLot(false);
          }}
        />
      ) : null}
      {aModifier ? (
        <DialogueModification
          carte={aModifier}
          informations={p.informations[aModifier.personneMoraleId]}
          erreurs={p.erreurs[aModifier.personneMoraleId]}
          enCours={enModification}
          fermer={() => setAModifier(null)}
          modifier={(carte) => {
            setEnModification(true);
            void p.modifierValidee(carte).then((ok) => {
              setEnModification(false);
              if (ok) setAModifier(null);
            });
          }}
        />
      ) : null}
    </>
  );
}
