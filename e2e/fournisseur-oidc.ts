import {
  CLIENT_ID,
  CLIENT_SECRET,
  SCOPES,
} from '../apps/server/src/test/fournisseur-oidc.constantes';

/** The test identity provider's port: beside the server's, so that two runs never share one. */
const port = () => Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 8090) + 1000);

export const LIBELLE_FOURNISSEUR = 'le fournisseur de test';

/** The server's OIDC settings for the e2e run (webServer env). */
export function envFournisseurOidc(baseURL: string): Record<string, string> {
  return {
    PUBLIC_URL: baseURL,
    OIDC_ISSUER: `http://localhost:${String(port())}`,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_SCOPES: SCOPES,
    OIDC_ACR_VALUES: 'eidas1',
    OIDC_LIBELLE: LIBELLE_FOURNISSEUR,
  };
}

/** Started by the global setup, in the runner's process; loaded only there (oidc-provider). */
export async function demarrerFournisseurE2e(baseURL: string) {
  const { demarrerFournisseurOidc } =
    await import('../apps/server/src/test/fournisseur-oidc.test-helpers');
  return demarrerFournisseurOidc({ publicUrl: baseURL, port: port() });
}
