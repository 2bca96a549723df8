import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError, estErreurReseau } from '../lib/api';
import { Chargement } from './Chargement';

/**
 * What an office page shows while its object is not there: the loader while the request runs,
 * then — never an endless spinner — the reason it will not come (issue 32, item 1):
 * - 404/410: the object is missing, anonymised, or outside the active perimeter (the server
 *   answers 404 there, so as not to tell another body's data exists): "<objet> introuvable";
 * - 403: outside the active perimeter or the user's rights: the spec's 'Accès interdit' page
 *   (part 1 §2 'Utility pages'), with the hint that another perimeter may hold it;
 * - no network or another failure: the error and a 'Réessayer' button.
 * Usage: `if (!data) return <AttenteOuRefus erreur={error} objet="Opérateur" retour={…} />`.
 */
export function AttenteOuRefus({
  erreur,
  objet,
  retour,
  reessayer,
}: {
  /** The query's error; null or undefined while it runs. */
  erreur: unknown;
  /** What the page shows, capitalised: 'Opérateur', 'Habilitation', 'Tournée'… */
  objet: string;
  /** Where the user goes back to: the list the object came from. */
  retour: { chemin: string; libelle: string };
  reessayer?: () => void;
}) {
  if (erreur === null || erreur === undefined) return <Chargement />;
  const statut = erreur instanceof ApiError ? erreur.status : null;
  const boutonRetour = (
    <Button component={Link} to={retour.chemin} variant="light">
      {retour.libelle}
    </Button>
  );
  if (statut === 404 || statut === 410) {
    return (
      <Stack align="center" p="xl" gap="md" role="alert">
        <Title order={1}>{objet} introuvable</Title>
        <Text c="dimmed" ta="center">
          Cette fiche n'existe pas, a été supprimée ou anonymisée, ou n'appartient pas au périmètre
          actif.
        </Text>
        {boutonRetour}
      </Stack>
    );
  }
  if (statut === 403) {
    return (
      <Stack align="center" p="xl" gap="md" role="alert">
        <Title order={1}>Accès interdit</Title>
        <Text ta="center">Vous n'avez pas accès à cette page.</Text>
        <Text c="dimmed" ta="center">
          Elle relève peut-être d'un autre périmètre que le périmètre actif. Si vous pensez qu'il
          s'agit d'une erreur, contactez l'administrateur du système.
        </Text>
        {boutonRetour}
      </Stack>
    );
  }
  return (
    <Stack align="center" p="xl" gap="md" role="alert">
      <Title order={1}>
        {estErreurReseau(erreur) ? 'Serveur injoignable' : "Erreur d'accès au serveur"}
      </Title>
      <Text c="dimmed" ta="center">
        {erreur instanceof Error ? erreur.message : 'Erreur inattendue'}
      </Text>
      <Group>
        {reessayer && <Button onClick={reessayer}>Réessayer</Button>}
        {boutonRetour}
      </Group>
    </Stack>
  );
}
