import { Alert, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Chargement } from '../../../ui/Chargement';
import { lireIds, useControlesVisite, useOperateur } from './hooks/useVisite';
import { SaisieVisite } from './SaisieVisite';

/**
 * 'Saisie contrôle' (route saisieControle, /controle/saisie?ids=…): the four-step entry form of
 * one visit — the controls of one operator on one date, one per AOP-IGP, sharing grid and synthesis.
 */
export default function SaisieControlePage() {
  const [params] = useSearchParams();
  const ids = lireIds(params.get('ids'));
  const visite = useControlesVisite(ids);
  const operateur = useOperateur(
    visite.statut === 'pret' ? visite.controles[0]?.personneMoraleId : undefined,
  );

  if (visite.statut === 'introuvable' || operateur === null)
    return (
      <Alert color="red" title="Contrôle introuvable">
        Le contrôle demandé n'est pas présent sur l'appareil. Synchronisez vos données.
      </Alert>
    );
  if (visite.statut === 'chargement' || operateur === undefined) return <Chargement />;
  return (
    <Stack>
      <SaisieVisite controles={visite.controles} operateur={operateur} />
    </Stack>
  );
}
