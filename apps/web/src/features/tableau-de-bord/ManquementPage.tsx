import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EtatManquement } from '@estive/domain';
import {
  ETATS_MANQUEMENT,
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_NATURE,
  LIBELLES_NIVEAU,
  LIBELLES_RESULTAT,
  LIBELLES_SEVERITE,
} from '@estive/domain';
import { Chargement } from '../../ui/Chargement';
import { avecToastErreurServeur, toastErreurServeur } from '../../lib/api';
import { commenterManquement, lireManquement, ouvrirFichier } from './api';
import { dateHeureParis, dateParis, jour } from './format';

function Champ({ label, valeur }: { label: string; valeur: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{valeur ?? '—'}</Text>
    </div>
  );
}

/** `tdb/manquement/{id}`: one shortcoming, its history, measures, origin and previous occurrences. */
export default function ManquementPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const { data: m, isPending } = useQuery({
    queryKey: ['tdb-manquement', id],
    queryFn: () => lireManquement(id),
  });
  const [etat, setEtat] = useState<EtatManquement | null>(null);
  const [commentaire, setCommentaire] = useState('');
  const enregistrer = useMutation({
    mutationFn: () =>
      commenterManquement(id, {
        etat: etat ?? m?.etat ?? 'EN_COURS',
        commentaire: commentaire || null,
      }),
    onSuccess: (d) => {
      client.setQueryData(['tdb-manquement', id], d);
      void client.invalidateQueries({ queryKey: ['tdb-manquements'] });
      setCommentaire('');
      notifications.show({
        color: 'green',
        message: 'Le manquement a été modifié',
        autoClose: 5000,
      });
    },
    onError: (e) => toastErreurServeur(e),
  });
  if (isPending || !m) return <Chargement />;
  return (
    <Stack p="md" gap="md" maw={1240}>
      <Group justify="space-between">
        <div>
          <Anchor component={Link} to="/tdb?onglet=manquements" size="sm">
            ← Tableau de bord
          </Anchor>
          <Title order={2}>
            {m.codePoint} — {m.libellePoint}
          </Title>
          <Text c="dimmed">
            {m.raisonSociale} · {m.siret} · {m.aopIgp}
          </Text>
        </div>
        <Group>
          <Badge size="lg" variant="light">
            {LIBELLES_ETAT_MANQUEMENT[m.etat]}
          </Badge>
          {m.enRetard ? (
            <Badge size="lg" color="red">
              Suivi en retard
            </Badge>
          ) : null}
          {m.recidive ? (
            <Badge size="lg" color="orange">
              Récidive
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card withBorder>
              <Title order={4} mb="xs">
                Constat et mesures
              </Title>
              <SimpleGrid cols={2} spacing="sm">
                <Champ label="Valeur" valeur={m.valeur} />
                <Champ label="Seuil" valeur={m.seuil ? LIBELLES_SEVERITE[m.seuil] : null} />
                <Champ label="Informations de l'auditeur" valeur={m.informationsAuditeur} />
                <Champ label="Informations de l'audité" valeur={m.informationsAudite} />
                <Champ label="Mesure corrective" valeur={m.mesureCorrective} />
                <Champ
                  label="Suivi correctif"
                  valeur={
                    `${m.delaiSuiviCorrective ?? ''} ${jour(m.dateSuiviCorrective)}`.trim() || null
                  }
                />
                <Champ label="Mesure correctrice" valeur={m.mesureCorrectrice} />
                <Champ
                  label="Suivi correcteur"
                  valeur={
                    `${m.delaiSuiviCorrectrice ?? ''} ${jour(m.dateSuiviCorrectrice)}`.trim() ||
                    null
                  }
                />
                <Champ label="Commentaire" valeur={m.commentaire} />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Contrôle d'origine
              </Title>
              {m.controle ? (
                <Group justify="space-between">
                  <Text size="sm">
                    {dateHeureParis(m.controle.date)} · {LIBELLES_NATURE[m.controle.nature]} ·{' '}
                    {LIBELLES_NIVEAU[m.controle.niveau]} ·{' '}
                    {m.controle.resultat ? LIBELLES_RESULTAT[m.controle.resultat] : ''} ·{' '}
                    {m.controle.auditeur ?? ''}
                  </Text>
                  {m.controle.rapportSigneFichierId ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconFileTypePdf size={16} />}
                      onClick={() =>
                        void avecToastErreurServeur(
                          ouvrirFichier(m.controle?.rapportSigneFichierId ?? ''),
                        )
                      }
                    >
                      Rapport d'audit signé
                    </Button>
                  ) : null}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  Manquement saisi manuellement
                </Text>
              )}
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Manquements précédents
              </Title>
              {m.precedents.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Aucun manquement précédent
                </Text>
              ) : (
                m.precedents.map((p) => (
                  <Anchor
                    key={p.id}
                    component={Link}
                    to={`/tdb/manquement/${p.id}`}
                    size="sm"
                    display="block"
                  >
                    {dateParis(p.date)} · {LIBELLES_ETAT_MANQUEMENT[p.etat]}
                    {p.seuil ? ` · ${LIBELLES_SEVERITE[p.seuil]}` : ''}
                  </Anchor>
                ))
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card withBorder>
              <Title order={4} mb="xs">
                Suivi du bureau
              </Title>
              <Stack gap="sm">
                <Select
                  label="État"
                  data={ETATS_MANQUEMENT.map((e) => ({
                    value: e,
                    label: LIBELLES_ETAT_MANQUEMENT[e],
                  }))}
                  value={etat ?? m.etat}
                  onChange={(v) => setEtat(v)}
                  allowDeselect={false}
                />
                <Textarea
                  label="Commentaire"
                  autosize
                  minRows={3}
                  maxLength={4000}
                  value={commentaire}
                  onChange={(e) => setCommentaire(e.currentTarget.value)}
                />
                <Button loading={enregistrer.isPending} onClick={() => enregistrer.mutate()}>
                  Enregistrer
                </Button>
              </Stack>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Historique
              </Title>
              {m.historique.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Aucun changement
                </Text>
              ) : (
                <Timeline bulletSize={14} lineWidth={2}>
                  {m.historique.map((h, i) => (
                    <Timeline.Item
                      key={`${h.date}-${String(i)}`}
                      title={`${h.etatAvant ? `${LIBELLES_ETAT_MANQUEMENT[h.etatAvant]} → ` : ''}${LIBELLES_ETAT_MANQUEMENT[h.etat]}`}
                    >
                      <Text size="xs" c="dimmed">
                        {dateHeureParis(h.date)} · {h.auteur ?? ''}
                      </Text>
                      {h.commentaire ? <Text size="sm">{h.commentaire}</Text> : null}
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
