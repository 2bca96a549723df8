import { Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode, SyntheticEvent } from 'react';
import { BoutonsFormulaire } from './BoutonsFormulaire';

/**
 * A modal holding one form: its fields, then « Annuler » (closes) and the submit button, which
 * spins while the form is sent.
 */
export function DialogueFormulaire({
  titre,
  fermer,
  envoyer,
  enCours,
  libelleEnvoi = 'Enregistrer',
  taille,
  children,
}: {
  titre: ReactNode;
  fermer: () => void;
  envoyer: (e: SyntheticEvent) => Promise<void>;
  enCours: boolean;
  libelleEnvoi?: string;
  taille?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={fermer} title={titre} size={taille} centered>
      <form onSubmit={(e) => void envoyer(e)} noValidate>
        <Stack>
          {children}
          <BoutonsFormulaire annuler={fermer} enCours={enCours} libelle={libelleEnvoi} />
        </Stack>
      </form>
    </Modal>
  );
}
