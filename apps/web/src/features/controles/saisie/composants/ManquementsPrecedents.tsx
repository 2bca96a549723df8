import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { libelleSeverite } from '@estive/domain';
import type { ManquementPrecedent } from '../types';
import { dateCourte } from '../etape1/affichage';

function Ligne({ libelle, valeur }: { libelle: string; valeur: string | null | undefined }) {
  if (!valeur) return null;
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {libelle} :{' '}
      </Text>
      {valeur}
    </Text>
  );
}

function Mesure({
  titre,
  mesure,
  delai,
  date,
}: {
  titre: string;
  mesure?: string | null;
  delai?: string | null;
  date?: string | null;
}) {
  if (!mesure && !delai && !date) return null;
  return (
    <Ligne libelle={titre} valeur={[mesure, delai, dateCourte(date)].filter(Boolean).join(' — ')} />
  );
}

/** One previous shortcoming of the operator, as recorded by its last evolution. */
export function CarteManquementPrecedent({ m }: { m: ManquementPrecedent }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600} size="sm">
          {m.pointControleCode} — {m.pointControleLibelle}
        </Text>
        {/* Never shrunk to 'MAJ…' by a long point label in step 3's narrow side column. */}
        {m.niveau && (
          <Badge color="orange" style={{ flexShrink: 0 }}>
            {libelleSeverite(m.niveau)}
          </Badge>
        )}
      </Group>
      <Stack gap={2}>
        <Ligne libelle="Dernière évolution" valeur={dateCourte(m.dateDerniereEvolution)} />
        <Ligne libelle="Catégorie" valeur={m.categorie} />
        <Ligne libelle="Informations auditeur" valeur={m.informationsAuditeur} />
        <Ligne libelle="Informations audité" valeur={m.informationsAudite} />
        <Ligne libelle="Commentaire" valeur={m.commentaire} />
        <Mesure
          titre="Mesure corrective"
          mesure={m.mesureCorrective}
          delai={m.delaiSuiviCorrective}
          date={m.dateSuiviCorrective}
        />
        <Mesure
          titre="Mesure correctrice"
          mesure={m.mesureCorrectrice}
          delai={m.delaiSuiviCorrectrice}
          date={m.dateSuiviCorrectrice}
        />
      </Stack>
    </Card>
  );
}

/** The previous shortcomings, or 'Aucun manquement précédent'. */
export function ManquementsPrecedents({
  manquements,
}: {
  manquements: readonly ManquementPrecedent[];
}) {
  if (manquements.length === 0) return <Text c="dimmed">Aucun manquement précédent</Text>;
  return (
    <Stack gap="xs">
      {manquements.map((m) => (
        <CarteManquementPrecedent key={m.id} m={m} />
      ))}
    </Stack>
  );
}
