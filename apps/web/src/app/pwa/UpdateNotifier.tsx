import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const CLE_MIS_A_JOUR = 'estive.misAJour';

/**
 * Spec 'App start': when a new version of the offline worker is found, a notice asks to check that
 * every control is saved before reloading ('Recharger' / 'Annuler'); it stays until dismissed.
 * After the reload, a notice says the update is done.
 */
export function UpdateNotifier() {
  const {
    needRefresh: [besoin, setBesoin],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (sessionStorage.getItem(CLE_MIS_A_JOUR)) {
      sessionStorage.removeItem(CLE_MIS_A_JOUR);
      notifications.show({
        color: 'green',
        title: 'Mise à jour terminée',
        message: "L'application a été mise à jour.",
      });
    }
  }, []);

  useEffect(() => {
    if (!besoin) return;
    notifications.show({
      id: 'mise-a-jour',
      autoClose: false,
      withCloseButton: false,
      color: 'blue',
      title: 'Une nouvelle version est disponible',
      message: (
        <>
          <Text size="sm">
            Vérifiez que tous vos contrôles sont enregistrés avant de recharger l'application.
          </Text>
          <Group mt="xs" gap="xs">
            <Button
              size="xs"
              onClick={() => {
                sessionStorage.setItem(CLE_MIS_A_JOUR, '1');
                void updateServiceWorker(true);
              }}
            >
              Recharger
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                notifications.hide('mise-a-jour');
                setBesoin(false);
              }}
            >
              Annuler
            </Button>
          </Group>
        </>
      ),
    });
  }, [besoin, setBesoin, updateServiceWorker]);
  return null;
}
