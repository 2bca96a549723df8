import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { db, effacerDonneesLocales } from '../../offline/db';
import { devaliderControles } from '../../offline/sync/engine';

/** Spec part 2 §4: the 'Attention' dialog before the local data is wiped. */
export function confirmerEffacement() {
  modals.openConfirmModal({
    title: 'Attention',
    children: (
      <Text size="sm">
        Toutes les données de cet appareil seront effacées définitivement, y compris les contrôles
        et les rapports d'audit qui n'ont pas encore été synchronisés. Voulez-vous continuer ?
      </Text>
    ),
    labels: { confirm: 'Effacer les données locales', cancel: 'Annuler' },
    confirmProps: { color: 'red' },
    onConfirm: () => void effacerDonneesLocales(),
  });
}

/** Spec part 2 §4: the version check failed, the app must be reloaded before syncing. */
export function dialogueVersion() {
  modals.openConfirmModal({
    title: "Votre application n'est pas à jour",
    children: (
      <Text size="sm">
        Une nouvelle version d'Estive est disponible. Enregistrez vos contrôles en cours, puis
        rechargez l'application avant de synchroniser.
      </Text>
    ),
    labels: { confirm: 'Recharger', cancel: 'Annuler' },
    onConfirm: () => location.reload(),
  });
}

/**
 * Spec part 2 §4 'unvalidate': the controls not yet synchronised go back to EN_COURS, so that a
 * control finalised too early can be reopened before it leaves the device.
 */
export function confirmerDevalidation(nombre: number) {
  modals.openConfirmModal({
    title: 'Dévalider les contrôles',
    children: (
      <Text size="sm">
        {nombre} contrôle(s) non synchronisé(s) repasseront « En cours » et pourront être modifiés
        avant la prochaine synchronisation. Voulez-vous continuer ?
      </Text>
    ),
    labels: { confirm: 'Dévalider', cancel: 'Annuler' },
    onConfirm: () =>
      void devaliderControles(db).then((n) =>
        notifications.show({
          color: 'green',
          title: 'Contrôles dévalidés',
          message: `${n} contrôle(s) remis en cours`,
        }),
      ),
  });
}
