import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import {
  ETATS_MANQUEMENT,
  GRAVITES,
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_GRAVITE,
  LIBELLES_SEVERITE,
  MESSAGES_VALIDATION,
  SEUILS,
} from '@estive/domain';
import { chercherPoints, manquementsExistants } from './api';
import { nouveauManquement, opt, type DepotForm, type LigneControleForm } from './formulaire';
import { RechercheServeur } from '../../../ui/RechercheServeur';

/** The follow-up fields of a shortcoming, corrective then correcting: field, label, width, type. */
const SUIVIS = [
  ['correctiveMesure', 'Mesure corrective', 180, undefined],
  ['correctiveDelai', 'Délai correctif', 130, undefined],
  ['correctiveDate', 'Suivi correctif', 150, 'date'],
  ['correctriceMesure', 'Mesure correctrice', 180, undefined],
  ['correctriceDelai', 'Délai correcteur', 130, undefined],
  ['correctriceDate', 'Suivi correcteur', 150, 'date'],
] as const;

/** The new or existing shortcomings of one deposited control (spec part 2 §3 and §5). */
export function Manquements({
  control,
  i,
  nom,
  aopIgpId,
  operateurId,
  migre,
  erreurs,
}: {
  control: Control<DepotForm>;
  i: number;
  nom: 'manquements' | 'manquementsExistant';
  aopIgpId: string | null;
  operateurId: string | null;
  /** A migrated label grades by thresholds (SEUIL_1…3), labelled 'Seuil' (spec part 2 §3). */
  migre: boolean;
  erreurs: FieldErrors<LigneControleForm> | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `controles.${i}.${nom}` });
  const nouveaux = nom === 'manquements';
  const { data: existants = [] } = useQuery({
    queryKey: ['depot-existants', aopIgpId, operateurId],
    queryFn: () => manquementsExistants(aopIgpId ?? '', operateurId ?? ''),
    enabled: !nouveaux && aopIgpId !== null && operateurId !== null,
  });
  const peutAjouter = nouveaux ? aopIgpId !== null : aopIgpId !== null && operateurId !== null;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {nouveaux ? 'Nouveaux manquements' : 'Manquements existants'}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            // The pickers need their AOP-IGP (and operator): the spec's message says which.
            if (!peutAjouter)
              notifications.show({
                color: 'red',
                message: nouveaux
                  ? MESSAGES_VALIDATION.selectionAop
                  : MESSAGES_VALIDATION.selectionAopOperateur,
                autoClose: 5000,
              });
            else append(nouveauManquement(nouveaux ? 'EN_COURS_OC' : null));
          }}
        >
          {nouveaux ? 'Ajouter un manquement' : 'Mettre à jour un manquement existant'}
        </Button>
      </Group>
      {fields.map((f, j) => {
        const e = erreurs?.[nom]?.[j];
        const chemin = `controles.${i}.${nom}.${j}` as const;
        return (
          <Group key={f.id} align="start" gap="xs" wrap="wrap" data-testid={`${nom}-${String(j)}`}>
            {nouveaux ? (
              <Controller
                control={control}
                name={`${chemin}.point`}
                render={({ field }) => (
                  <RechercheServeur
                    label="Point de contrôle"
                    cle="points"
                    aopIgpId={aopIgpId}
                    chercher={chercherPoints}
                    libelle={(p) => `${p.code} ${p.libelle}`}
                    value={field.value}
                    onChange={field.onChange}
                    error={e?.point?.message}
                  />
                )}
              />
            ) : (
              <Controller
                control={control}
                name={`${chemin}.manquement`}
                render={({ field }) => (
                  <Select
                    label="Manquement"
                    miw={260}
                    data={existants.map((m) => ({
                      value: m.id,
                      label: `${m.codePoint} ${m.libellePoint} (${LIBELLES_ETAT_MANQUEMENT[m.etat]})`,
                    }))}
                    value={field.value?.id ?? null}
                    onChange={(id, o) => field.onChange(id && o ? { id, libelle: o.label } : null)}
                    error={e?.manquement?.message}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name={`${chemin}.valeur`}
              render={({ field }) => (
                <TextInput label="Valeur" w={120} {...field} error={e?.valeur?.message} />
              )}
            />
            <Controller
              control={control}
              name={`${chemin}.etat`}
              render={({ field }) => (
                <Select
                  label="État"
                  w={170}
                  data={opt(ETATS_MANQUEMENT, LIBELLES_ETAT_MANQUEMENT)}
                  // A new external shortcoming is EN_COURS_OC, not chosen (spec part 2 §4).
                  disabled={nouveaux}
                  value={nouveaux ? 'EN_COURS_OC' : field.value}
                  onChange={field.onChange}
                  error={e?.etat?.message}
                />
              )}
            />
            <Controller
              control={control}
              name={`${chemin}.gravite`}
              render={({ field }) => (
                <Select
                  label={migre ? 'Seuil' : 'Gravité'}
                  w={130}
                  data={migre ? opt(SEUILS, LIBELLES_SEVERITE) : opt(GRAVITES, LIBELLES_GRAVITE)}
                  value={field.value}
                  onChange={field.onChange}
                  error={e?.gravite?.message}
                />
              )}
            />
            {SUIVIS.map(([champ, label, w, type]) => (
              <Controller
                key={champ}
                control={control}
                name={`${chemin}.${champ}`}
                render={({ field }) => <TextInput label={label} type={type} w={w} {...field} />}
              />
            ))}
            <ActionIcon
              mt={26}
              color="red"
              variant="subtle"
              aria-label="Supprimer le manquement"
              onClick={() => remove(j)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}
