import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { db, effacerDonneesLocales } from '../../offline/db';
import { devaliderControles } from '../../offline/sync/engine';
import { compterNonSynchronises } from '../../offline/sync/modifications';
import {
  avertissementDeconnexion,
  avertissementEffacement,
  MESSAGES_SYNCHRO,
  type CompteNonSynchronises,
} from '@estive/domain';

/** What would be lost: controls, edited operators and documents not yet on the server. */
async function compter(): Promise<CompteNonSynchronises> {
  try {
    return await compterNonSynchronises(db);
  } catch {
    // The store cannot be read: the dialog still opens, without a count it cannot give.
    return { controles: 0, operateurs: 0, documents: 0 };
  }
}

/** The count in its own red line, so the number is not lost in the paragraph. */
function Avertissement({ texte }: { texte: string | null }) {
  if (!texte) return null;
  return (
    <Text size="sm" c="red.8" fw={600} data-testid="avertissement-non-synchronises">
      {texte}
    </Text>
  );
}

/**
 * Spec part 2 §4: the 'Attention' dialog before the local data is wiped, naming how much work
 * the server has not received.
 */
export async function confirmerEffacement() {
  const n = await compter();
  modals.openConfirmModal({
    title: MESSAGES_SYNCHRO.titreAttention,
    children: (
      <Stack gap="xs">
        <Text size="sm">
          Toutes les données de cet appareil seront effacées définitivement, y compris les contrôles
          et les rapports d'audit qui n'ont pas encore été synchronisés. Voulez-vous continuer ?
        </Text>
        <Avertissement texte={avertissementEffacement(n)} />
      </Stack>
    ),
    labels: { confirm: MESSAGES_SYNCHRO.effacerDonneesLocales, cancel: 'Annuler' },
    confirmProps: { color: 'red' },
    onConfirm: () => void effacerDonneesLocales(),
  });
}

/**
 * Spec part 1 §2 'Logout asks "Êtes-vous sûr de vouloir vous déconnecter ?"'; with work not yet
 * synchronised, the dialog also says how much, and why to sync first.
 */
export async function confirmerDeconnexion(surConfirmation: () => void) {
  const n = await compter();
  modals.openConfirmModal({
    title: 'Déconnexion',
    children: (
      <Stack gap="xs">
        <Text size="sm">Êtes-vous sûr de vouloir vous déconnecter ?</Text>
        <Avertissement texte={avertissementDeconnexion(n)} />
      </Stack>
    ),
    labels: { confirm: 'Se déconnecter', cancel: 'Annuler' },
    onConfirm: surConfirmation,
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
