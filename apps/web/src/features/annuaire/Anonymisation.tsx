import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { api, ApiError, toastErreurServeur } from '../../lib/api';
import { useSession } from '../../lib/session/session';

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
      .then(() => {
        notifications.show({ message: `${quoi} a bien été anonymisée`, autoClose: 5000 });
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
            Les noms, adresses, téléphones et mails seront remplacés définitivement. L'historique
            des contrôles est conservé pour les statistiques.
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
