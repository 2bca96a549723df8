import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { db, effacerDonneesLocales } from '../db';
import { ecrireMeta, lireMeta, META } from '../sync/meta';
import { decisionChangementCompte } from '@estive/domain';

/** 'Changement de compte' (spec part 1 §4 Session): resolves true for OK, false for Annuler. */
export function confirmerChangementCompte(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Changement de compte',
      closeOnClickOutside: false,
      withCloseButton: false,
      closeOnEscape: false,
      children: (
        <Text size="sm">
          Vous vous connectez avec un autre compte que celui de la dernière synchronisation de cet
          appareil. Les contrôles non synchronisés seront perdus. Voulez-vous continuer ?
        </Text>
      ),
      labels: { confirm: 'OK', cancel: 'Annuler' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * May this user take the device? Same user: yes. Another user while a sync exists: the dialog;
 * OK wipes local data and reloads, Annuler logs out. No sync yet: the new user is just stored.
 */
export async function accepterUtilisateur(
  uuid: string,
  deconnecter: () => Promise<void>,
  confirmer: () => Promise<boolean> = confirmerChangementCompte,
): Promise<boolean> {
  const decision = decisionChangementCompte({
    utilisateurStocke: (await lireMeta<string>(db, META.utilisateur)) ?? null,
    utilisateurConnecte: uuid,
    derniereSynchro: (await lireMeta<string>(db, META.derniereSynchro)) ?? null,
  });
  if (decision === 'RIEN') return true;
  if (decision === 'STOCKER') {
    await ecrireMeta(db, META.utilisateur, uuid);
    return true;
  }
  if (await confirmer()) {
    await effacerDonneesLocales();
  } else {
    await deconnecter();
  }
  return false;
}
