import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { definirHorsLigneManuel, useConnectivite, verifierSante } from '../../offline/connectivity';

/** Shown only when the offline mode was chosen by hand: back online and to the root. */
export function QuitterHorsLigne() {
  const { horsLigneManuel } = useConnectivite();
  const navigate = useNavigate();
  if (!horsLigneManuel) return null;
  return (
    <Button
      onClick={() => {
        definirHorsLigneManuel(false);
        void verifierSante();
        void navigate('/');
      }}
    >
      Quitter mode Hors Ligne
    </Button>
  );
}
