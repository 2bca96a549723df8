import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving a half-filled form warns (issue 32, item 5), for every office form and the wizard:
 * a navigation inside the app asks 'Quitter sans enregistrer ?' in a dialog of our own (no
 * `modals.*`, so that it shows in component tests too), a reload or a closed tab gets the
 * browser's own question. `modifie` is typically react-hook-form's `formState.isDirty`.
 *
 * Returns the dialog to render, and `laisserPartir()`, to call before the form's own navigation
 * after a successful save or a cancel the user asked for (the form is still dirty then).
 */
export function useModificationsNonEnregistrees(modifie: boolean): {
  alerte: ReactNode;
  laisserPartir: () => void;
} {
  const libre = useRef(false);
  const bloquer = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string };
      nextLocation: { pathname: string };
    }) => modifie && !libre.current && currentLocation.pathname !== nextLocation.pathname,
    [modifie],
  );
  const blocker = useBlocker(bloquer);
  useEffect(() => {
    if (!modifie) return;
    const avantDeQuitter = (e: BeforeUnloadEvent) => {
      if (libre.current) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', avantDeQuitter);
    return () => window.removeEventListener('beforeunload', avantDeQuitter);
  }, [modifie]);
  const laisserPartir = useCallback(() => {
    libre.current = true;
  }, []);
  const bloque = blocker.state === 'blocked';
  const alerte = (
    <Modal
      opened={bloque}
      onClose={() => blocker.reset?.()}
      title="Modifications non enregistrées"
      centered
    >
      <Text>
        Les modifications de ce formulaire ne sont pas enregistrées. Quitter sans enregistrer ?
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Rester sur la page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Quitter sans enregistrer
        </Button>
      </Group>
    </Modal>
  );
  return { alerte, laisserPartir };
}
