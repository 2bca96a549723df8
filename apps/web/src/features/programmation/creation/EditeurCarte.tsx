import {
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  couleurAopIgp,
  formaterDate,
  LIBELLES_NIVEAU,
  LIBELLES_TYPE_DOCUMENT,
  MESSAGES_VALIDATION,
  NIVEAUX_CONTROLE,
  estCleDe,
} from '@estive/domain';
import type { InformationsOperateur } from '../types';
import { estDimanche, type AppellationCarte, type CarteControle } from './cartes';
import { ChampDate } from '../../../ui/ChampDate';

const NIVEAUX = NIVEAUX_CONTROLE.map((n) => ({ value: n, label: LIBELLES_NIVEAU[n] }));

const libelleDocument = (f: InformationsOperateur['documents'][number]): string => {
  const type = estCleDe(LIBELLES_TYPE_DOCUMENT, f.typeDocument)
    ? LIBELLES_TYPE_DOCUMENT[f.typeDocument]
    : f.typeDocument;
  return `${type} du ${formaterDate(f.dateCreation)} — ${f.fileName}`;
};

/** Options of a select: what the operator offers, plus what the card holds that it no longer does. */
function options(
  offertes: { id: string; libelle: string }[],
  choisies: readonly string[],
): { value: string; label: string }[] {
  const connues = new Set(offertes.map((o) => o.id));
  return [
    ...offertes.map((o) => ({ value: o.id, label: o.libelle })),
    ...choisies.filter((id) => !connues.has(id)).map((id) => ({ value: id, label: id })),
  ];
}

interface Props {
  carte: CarteControle;
  informations: InformationsOperateur | undefined;
  erreurs: Record<string, string> | undefined;
  /** Another visit of the controller at the same hour: a warning under the date, not an error. */
  alerte?: string | undefined;
  lectureSeule?: boolean;
  modifier: (carte: CarteControle) => void;
}

/**
 * The expanded card (spec part 1 §2 'Cards'): the visit's day and time, then per appellation
 * Site, Niveau, Activités, Documents. A Sunday is refused at once, with the spec's message.
 */
export function EditeurCarte({
  carte,
  informations,
  erreurs,
  alerte,
  lectureSeule,
  modifier,
}: Props) {
  const nom = carte.raisonSociale;
  const majAppellation = (i: number, a: Partial<AppellationCarte>) =>
    modifier({
      ...carte,
      appellations: carte.appellations.map((x, j) => (j === i ? { ...x, ...a } : x)),
    });
  const erreurDate =
    (estDimanche(carte.jour) ? MESSAGES_VALIDATION.dimanche : undefined) ?? erreurs?.date;
  const documents = (informations?.documents ?? []).map((f) => ({
    id: f.id,
    libelle: libelleDocument(f),
  }));
  return (
    <Stack gap="xs">
      <Group gap="sm" align="start">
        <ChampDate
          label="Date"
          aria-label={`Date du contrôle de ${nom}`}
          value={carte.jour}
          readOnly={lectureSeule}
          onChange={(jour) => modifier({ ...carte, jour })}
          error={erreurDate}
          w={170}
        />
        <TextInput
          label="Heure"
          type="time"
          step={300}
          aria-label={`Heure du contrôle de ${nom}`}
          value={carte.heure}
          readOnly={lectureSeule}
          onChange={(e) => modifier({ ...carte, heure: e.currentTarget.value })}
          w={120}
        />
      </Group>
      {alerte ? (
        <Text size="sm" c="#7a4300" role="status">
          {alerte}
        </Text>
      ) : null}
      {carte.appellations.map((a, i) => {
        const activites =
          informations?.appellations.find((x) => x.aopIgp.id === a.aopId)?.activites ?? [];
        const sites = (informations?.sites ?? []).map((x) => ({
          id: x.id,
          libelle: [x.libelle, x.ville].filter(Boolean).join(' — '),
        }));
        const erreur = (champ: string) => erreurs?.[`controles.${i}.${champ}`];
        // A saved draft holds only the label's id: its name comes from the operator's labels
        // (issue 32 item 6, 'saved draft cards keep their labels' names after a reload').
        const libelle =
          informations?.appellations.find((x) => x.aopIgp.id === a.aopId)?.aopIgp.libelle ??
          a.libelle;
        return (
          <Fieldset
            key={a.aopId}
            legend={libelle}
            aria-label={`Appellation ${libelle} de ${nom}`}
            style={{ borderLeft: `6px solid ${couleurAopIgp(a.aopId)}` }}
            p="xs"
          >
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
              <MultiSelect
                label="Site"
                data={options(sites, a.siteIds)}
                value={a.siteIds}
                readOnly={lectureSeule}
                onChange={(siteIds) => majAppellation(i, { siteIds })}
                error={erreur('siteId') ?? erreur('siteIds')}
              />
              <Select
                label="Niveau"
                data={NIVEAUX}
                value={a.niveau}
                readOnly={lectureSeule}
                onChange={(v) => majAppellation(i, { niveau: v })}
                error={erreur('niveau')}
              />
              <MultiSelect
                label="Activités"
                data={options(activites, a.activiteAopIgpIds)}
                value={a.activiteAopIgpIds}
                readOnly={lectureSeule}
                onChange={(activiteAopIgpIds) => majAppellation(i, { activiteAopIgpIds })}
                error={erreur('activiteAopIgpIds')}
              />
              <MultiSelect
                label="Documents"
                data={options(documents, a.fichierIds)}
                value={a.fichierIds}
                readOnly={lectureSeule}
                onChange={(fichierIds) => majAppellation(i, { fichierIds })}
                error={erreur('documents') ?? erreur('fichierIds')}
              />
            </SimpleGrid>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
