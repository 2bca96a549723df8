import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { api, ApiError, toastErreurServeur } from '../../lib/api';
import { useSession } from '../../offline/session/session';

/**
 * GDPR anonymisation of an operator or a person (spec part 1 §1): a confirmation, then the
 * server's refusal reason while the retention period runs; only CNAOL is offered 'force'.
 */
export function BoutonAnonymisation({
  personne,
  id,
  quoi,
  surFait,
}: {
  /** Which directory: `POST /api/personne-{personne}/anonymisation/{id}`. */
  personne: 'morale' | 'physique';
  id: string;
  quoi: string;
  surFait: () => void;
}) {
  const cnaol = useSession().principal?.roles.includes('ROLE_CNAOL') ?? false;
  const [ouvert, setOuvert] = useState(false);
  const [refus, setRefus] = useState<string | null>(null);
  const [envoi, setEnvoi] = useState(false);
  const anonymiser = (force: boolean) => {
    setEnvoi(true);
    const options = { params: { id }, query: force ? { force } : {} };
    (personne === 'morale'
      ? api('POST /api/personne-morale/anonymisation/{id}', options)
      : api('POST /api/personne-physique/anonymisation/{id}', options)
    )
      .then((r) => {
        // What the server kept, and why (signed reports, finalised controls: legal records).
        notifications.show({
          message: (
            <Stack gap={4}>
              <Text size="sm">{`${quoi} a bien été anonymisée`}</Text>
              {r.conserve.map((c) => (
                <Text key={c} size="xs">{`Conservé : ${c}`}</Text>
              ))}
            </Stack>
          ),
          autoClose: r.conserve.length ? 10000 : 5000,
        });
        setOuvert(false);
        surFait();
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 409) setRefus(e.message);
        else toastErreurServeur(e);
      })
      .finally(() => setEnvoi(false));
  };
  return (
    <>
      <Button
        color="red"
        variant="light"
        onClick={() => {
          setRefus(null);
          setOuvert(true);
        }}
      >
        Anonymiser
      </Button>
      <Modal opened={ouvert} onClose={() => setOuvert(false)} title="Anonymisation RGPD">
        <Stack>
          <Text>
            {personne === 'morale'
              ? "Les noms, adresses, téléphones et mails seront remplacés définitivement ; les documents d'identification, contacts et contrôles à venir seront supprimés. Les contrôles finalisés et leurs rapports signés sont conservés : ce sont des documents légaux."
              : 'Le nom, le prénom, le mail et le téléphone seront remplacés définitivement ; son compte sera fermé. Les rapports signés qui la nomment sont conservés : ce sont des documents légaux.'}
          </Text>
          {refus && (
            <Alert color="orange" title="Anonymisation refusée">
              {refus}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOuvert(false)}>
              Annuler
            </Button>
            {refus && cnaol && (
              <Button
                color="red"
                variant="outline"
                loading={envoi}
                onClick={() => anonymiser(true)}
              >
                Forcer l'anonymisation
              </Button>
            )}
            {!refus && (
              <Button color="red" loading={envoi} onClick={() => anonymiser(false)}>
                Confirmer l'anonymisation
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
