import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { LIBELLES_TOURNEE } from '@estive/domain';
import type { InformationsOperateur } from '../types';
import { estDimanche, type CarteControle } from './cartes';
import { EditeurCarte } from './EditeurCarte';

/** 'Modification des controles' (spec part 1 §2): a validated card edited, sent on 'Modifier'. */
export function DialogueModification({
  carte,
  informations,
  erreurs,
  enCours,
  fermer,
  modifier,
}: {
  carte: CarteControle;
  informations: InformationsOperateur | undefined;
  erreurs: Record<string, string> | undefined;
  enCours: boolean;
  fermer: () => void;
  modifier: (carte: CarteControle) => void;
}) {
  const [brouillon, setBrouillon] = useState(carte);
  return (
    <Modal
      opened
      onClose={fermer}
      title={`${LIBELLES_TOURNEE.modificationControles} — ${carte.raisonSociale}`}
      size="xl"
    >
      <Stack>
        <EditeurCarte
          carte={brouillon}
          informations={informations}
          erreurs={erreurs}
          modifier={setBrouillon}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            {LIBELLES_TOURNEE.boutons.annuler}
          </Button>
          <Button
            loading={enCours}
            disabled={estDimanche(brouillon.jour)}
            onClick={() => modifier(brouillon)}
          >
            {LIBELLES_TOURNEE.boutons.modifier}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
