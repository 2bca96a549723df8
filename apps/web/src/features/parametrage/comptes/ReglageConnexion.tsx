import { Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParametreConnexion } from '@estive/contracts';
import { api, toastErreurServeur } from '../../../lib/api';
import { useConfigOidc } from '../../auth';
import { useConnectivite } from '../../../offline/connectivity';

const CLE = ['parametrage', 'connexion'];

const lire = () => api('GET /api/parametrage/connexion');
const ecrire = (v: ParametreConnexion) => api('PUT /api/parametrage/connexion', { corps: v });

/**
 * CNAOL's switch: office accounts (CNAOL, animateurs) sign in only through the identity provider.
 * Shown only when a provider is configured (the server refuses it otherwise).
 */
export function ReglageConnexion() {
  const { enLigne } = useConnectivite();
  const fournisseur = useConfigOidc(enLigne);
  const client = useQueryClient();
  const reglage = useQuery({ queryKey: CLE, queryFn: lire, enabled: fournisseur?.actif === true });
  if (!fournisseur?.actif || !reglage.data) return null;
  return (
    <div>
      <Switch
        label={`Exiger la connexion avec ${fournisseur.libelle ?? ''} pour les comptes du bureau`}
        checked={reglage.data.federationObligatoireBureau}
        disabled={!enLigne}
        onChange={(e) => {
          ecrire({ federationObligatoireBureau: e.currentTarget.checked })
            .then((v) => client.setQueryData(CLE, v))
            .catch(toastErreurServeur);
        }}
      />
      <Text size="xs" c="dimmed">
        CNAOL et animateurs ne pourront plus se connecter par mot de passe ; les contrôleurs gardent
        le leur.
      </Text>
    </div>
  );
}
