import { useEffect, useState } from 'react';
import { Alert, Button, Loader, Modal, Table, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { formaterDate, LIBELLES_TOURNEE } from '@estive/domain';
import { db } from '../../../offline/db';
import type { TourneeLocaleComplete } from '../types';
import { lirePlanning } from './planning';
import { nombresOperateurs } from './recapitulatif';

type Planning = NonNullable<TourneeLocaleComplete['planning']>;

/** The planning PDF in the dialog, read offline first; the object URL lives as long as the viewer. */
function VisionneusePlanning({ planning }: { planning: Planning }) {
  const [etat, setEtat] = useState<{ url: string } | { erreur: true } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let actif = true;
    lirePlanning(planning).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (actif) setEtat({ url });
      },
      () => actif && setEtat({ erreur: true }),
    );
    return () => {
      actif = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [planning]);
  if (etat === null) return <Loader />;
  if ('erreur' in etat) {
    return <Alert color="red">Le planning n'est pas disponible hors ligne.</Alert>;
  }
  return (
    <iframe
      title={planning.fileName}
      src={etat.url}
      style={{ width: '100%', height: '70vh', border: 0 }}
    />
  );
}

/** 'Récapitulatif des tournées': start, end, number of operators and the planning of each round. */
export function DialogueRecapitulatif({ surFermer }: { surFermer: () => void }) {
  const tournees = useLiveQuery(() => db.tournees.orderBy('debut').toArray(), []);
  const nombres = useLiveQuery(
    async () => nombresOperateurs(tournees ?? [], await db.controles.toArray()),
    [tournees],
  );
  const [planning, setPlanning] = useState<Planning | null>(null);
  return (
    <Modal opened onClose={surFermer} title={LIBELLES_TOURNEE.recapitulatif} size="xl" centered>
      {planning ? (
        <>
          <Button variant="subtle" mb="sm" onClick={() => setPlanning(null)}>
            Retour au récapitulatif
          </Button>
          <VisionneusePlanning planning={planning} />
        </>
      ) : tournees && tournees.length === 0 ? (
        <Text c="dimmed">Aucun résultat</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date de début</Table.Th>
                <Table.Th>Date de fin</Table.Th>
                <Table.Th>Nombre d'opérateurs</Table.Th>
                <Table.Th>Planning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(tournees ?? []).map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{formaterDate(t.debut)}</Table.Td>
                  <Table.Td>{formaterDate(t.fin)}</Table.Td>
                  <Table.Td>{nombres?.get(t.id) ?? '—'}</Table.Td>
                  <Table.Td>
                    {t.planning ? (
                      <Button
                        variant="light"
                        mih={44}
                        leftSection={<IconFileText size={18} />}
                        onClick={() => setPlanning(t.planning)}
                      >
                        {LIBELLES_TOURNEE.planningControle}
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
