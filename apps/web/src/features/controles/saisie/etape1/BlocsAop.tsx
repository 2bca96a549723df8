import {
  ActionIcon,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { LIBELLES_TYPE_DOCUMENT, libelleNiveau } from '@estive/domain';
import type { ControleSaisi } from '../types';
import { dateCourte } from './affichage';
import { ouvrirFichier } from './ouvrirFichier';

const voir = (id: string) =>
  ouvrirFichier(id).catch(() =>
    notifications.show({ color: 'red', message: "Le fichier n'a pas pu être ouvert" }),
  );

/** One block per controlled AOP-IGP: level, activities, DI reception date, documents. */
interface Props {
  controles: readonly ControleSaisi[];
  /** Activity labels by activiteAopIgp id (device table `activiteaop`). */
  activites: ReadonlyMap<string, string>;
}

export function BlocsAop({ controles, activites }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(controles.length, 2) }}>
      {controles.map((c) => (
        <Card withBorder key={c.id} data-testid={`bloc-aop-${c.aopIgp.id}`}>
          <Group justify="space-between" mb="xs">
            <Title order={4}>{c.aopIgp.libelle}</Title>
            <Badge variant="light">{libelleNiveau(c.niveau)}</Badge>
          </Group>
          <Stack gap={4}>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Activités :{' '}
              </Text>
              {c.activiteAopIgpIds.map((id) => activites.get(id) ?? id).join(', ') || '—'}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Date de réception de la DI :{' '}
              </Text>
              {dateCourte(c.dateDi) || '—'}
            </Text>
            <Text size="sm" c="dimmed">
              Documents
            </Text>
            {c.fichiers.length === 0 && <Text size="sm">—</Text>}
            {c.fichiers.map((f) => (
              <Group key={f.id} gap="xs" wrap="nowrap">
                <Tooltip label="Voir le document">
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={`Voir ${f.fileName}`}
                    onClick={() => void voir(f.id)}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
                <Text size="sm">{f.fileName}</Text>
                <Text size="xs" c="dimmed">
                  {LIBELLES_TYPE_DOCUMENT[f.typeDocument]}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
