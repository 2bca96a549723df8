import { Button, Group, Indicator, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconChevronDown,
  IconDownload,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import dayjs from 'dayjs';
import { libelleBoutonSynchro, MESSAGES_SYNCHRO } from '@estive/domain';
import { useStore } from '../../lib/store';
import { useConnectivite } from '../../offline/connectivity';
import { db } from '../../offline/db';
import { VersionObsoleteError } from '../../offline/sync/errors';
import { compterNonSynchronises, exporterNonSynchronises } from '../../offline/sync/modifications';
import { lireMeta, META } from '../../offline/sync/meta';
import { useSession } from '../../offline/session/session';
import { messageErreurSynchro, messagesDocuments } from './erreurs';
import { confirmerDevalidation, confirmerEffacement, dialogueVersion } from './dialogues';
import { lancerSynchro, progresSynchro } from './synchro';

export async function synchroniserAvecRetour(): Promise<void> {
  try {
    const bilan = await lancerSynchro();
    notifications.show({
      color: bilan.rejets.length ? 'orange' : 'green',
      title: 'Synchronisation terminée',
      message: [
        `${bilan.envoyes.controles} contrôle(s) envoyé(s)`,
        bilan.conflits ? `${bilan.conflits} en conflit, transmis au bureau` : null,
        ...bilan.rejets.map((r) => `Contrôle ${r.id} refusé : ${r.message}`),
        ...messagesDocuments(bilan.documents),
      ]
        .filter(Boolean)
        .join(' — '),
    });
  } catch (err) {
    if (err instanceof VersionObsoleteError) {
      dialogueVersion();
      return;
    }
    notifications.show({
      color: 'red',
      title: MESSAGES_SYNCHRO.erreur,
      message: messageErreurSynchro(err),
    });
  }
}

async function exporter(utilisateur: string) {
  const blob = await exporterNonSynchronises(db, utilisateur);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `estive-non-synchronise-${dayjs().format('YYYY-MM-DD-HHmm')}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

/**
 * Spec part 1 §2 sync button: last sync date or 'Synchroniser vos données', and its menu. The
 * full text from `completDes` up ('lg' in the crowded top bar, 'md' in Mes tournées' toolbar),
 * the short date below.
 */
export function BoutonSynchro({ completDes = 'lg' }: { completDes?: 'md' | 'lg' }) {
  const { enLigne } = useConnectivite();
  const { principal } = useSession();
  const progres = useStore(progresSynchro);
  const derniere = useLiveQuery(() => lireMeta<string>(db, META.derniereSynchro), []);
  const enAttente = useLiveQuery(() => compterNonSynchronises(db), []);
  const nbEnAttente = enAttente
    ? enAttente.controles + enAttente.operateurs + enAttente.documents
    : 0;
  const libelle = libelleBoutonSynchro(derniere);

  return (
    <>
      <Group gap={0} wrap="nowrap">
        <Indicator
          label={nbEnAttente}
          size={18}
          color="orange"
          disabled={nbEnAttente === 0}
          title={`${nbEnAttente} élément(s) non synchronisé(s)`}
        >
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} />}
            disabled={!enLigne || !!progres}
            onClick={() => void synchroniserAvecRetour()}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            // The short label of narrow screens keeps the full one for assistive technology.
            aria-label={libelle.complet}
          >
            <Text span size="sm" visibleFrom={completDes}>
              {libelle.complet}
            </Text>
            <Text span size="sm" hiddenFrom={completDes}>
              {libelle.court}
            </Text>
          </Button>
        </Indicator>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              px={8}
              disabled={!!progres}
              aria-label="Options de synchronisation"
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
            >
              <IconChevronDown size={16} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconRefresh size={16} />}
              disabled={!enLigne}
              onClick={() => void synchroniserAvecRetour()}
            >
              Synchroniser
            </Menu.Item>
            <Menu.Item
              leftSection={<IconDownload size={16} />}
              disabled={nbEnAttente === 0}
              onClick={() => void exporter(principal?.login ?? '')}
            >
              Exporter les données non synchronisées
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowBackUp size={16} />}
              disabled={!enAttente?.controles}
              onClick={() => confirmerDevalidation(enAttente?.controles ?? 0)}
            >
              Dévalider les contrôles non synchronisés
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => void confirmerEffacement()}
            >
              Effacer les données locales
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal
        opened={!!progres}
        onClose={() => undefined}
        withCloseButton={false}
        title="Synchronisation"
        centered
      >
        {progres && (
          <Stack gap="xs">
            <Text size="sm">{progres.libelle}</Text>
            <Progress
              value={(100 * progres.fait) / progres.total}
              animated
              aria-label="Progression de la synchronisation"
            />
            <Text size="xs" c="dimmed">
              Étape {Math.min(progres.fait + 1, progres.total)} sur {progres.total}
              {progres.recus > 0 ? ` — ${progres.recus} élément(s) reçu(s)` : ''}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
