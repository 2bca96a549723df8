import { estCleDe } from '@estive/domain';
import { Button, Divider } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { OidcConfigResponse } from '@estive/contracts';
import { MESSAGES_OIDC } from '@estive/contracts/oidc-messages';
import { api } from '../../lib/api';

/** What the server knows of the identity provider: null until asked, or when it could not say. */
export function useConfigOidc(enLigne: boolean): OidcConfigResponse | null {
  const [config, setConfig] = useState<OidcConfigResponse | null>(null);
  useEffect(() => {
    if (!enLigne) return;
    let actif = true;
    // The typed client checks the answer with its contract, loaded then: after the first screen.
    api('GET /api/auth/oidc/config', { authentifie: false, timeoutMs: 10_000 })
      .then((c) => {
        if (actif) setConfig(c);
      })
      // No answer: no button; the password form stays.
      .catch(() => undefined);
    return () => {
      actif = false;
    };
  }, [enLigne]);
  return config;
}

/** The refusal the callback sent back (`/login?oidc=<code>`): a known code's message, else null. */
export function messageRefusOidc(code: string | null): string | null {
  if (!code || !estCleDe(MESSAGES_OIDC, code)) return null;
  return MESSAGES_OIDC[code];
}

/**
 * A link, not a button: the browser leaves the app for the provider (the server redirects), and
 * the password form's « Se connecter » stays the page's one button of that name.
 */
export function BoutonFournisseur({ libelle, desactive }: { libelle: string; desactive: boolean }) {
  return (
    <>
      <Button
        component="a"
        href="/api/auth/oidc/connexion"
        variant="outline"
        // A provider's long name wraps rather than being cut ('… fournisseur de tes').
        h="auto"
        mih={44}
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
        data-disabled={desactive || undefined}
        onClick={(e) => {
          if (desactive) e.preventDefault();
        }}
      >
        Se connecter avec {libelle}
      </Button>
      <Divider label="ou avec votre mot de passe" labelPosition="center" />
    </>
  );
}
