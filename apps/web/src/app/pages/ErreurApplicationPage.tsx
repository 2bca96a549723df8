import { useEffect } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { estModuleInjoignable } from '../../lib/import-differe';

const CLE_RECHARGEMENT = 'estive.rechargement-module';
/** One automatic reload per minute at most: a chunk that stays missing must not loop. */
const INTERVALLE_MS = 60_000;

function rechargerUneFois(): boolean {
  const precedent = Number(sessionStorage.getItem(CLE_RECHARGEMENT) ?? 0);
  if (Date.now() - precedent < INTERVALLE_MS) return false;
  sessionStorage.setItem(CLE_RECHARGEMENT, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * What a route shows when its page throws, instead of the router's English developer screen. A
 * part of the app that could not be fetched (after its retries) reloads the page once: a fresh
 * page reads the shell again from the service worker. Nothing entered is lost: the entry form
 * saves to the device as it goes.
 */
export function ErreurApplicationPage() {
  const erreur = useRouteError();
  const module = estModuleInjoignable(erreur);
  useEffect(() => {
    if (module) rechargerUneFois();
  }, [module]);
  return (
    <Stack align="center" p="xl" gap="md" role="alert">
      <Title order={2} ta="center">
        {module ? "Une partie de l'application n'a pas pu être chargée" : 'Une erreur est survenue'}
      </Title>
      <Text c="dimmed" ta="center">
        Vos saisies sont enregistrées sur l&apos;appareil. Rechargez la page pour continuer.
      </Text>
      <Button onClick={() => window.location.reload()}>Recharger</Button>
    </Stack>
  );
}
