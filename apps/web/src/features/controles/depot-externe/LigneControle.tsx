import { ActionIcon, Card, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import {
  dateControleDepose,
  jourParis,
  LIBELLES_NIVEAU,
  LIBELLES_RESULTAT,
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
} from '@estive/domain';
import { chercherAuditeurs, chercherOperateurs } from './api';
import { opt, type DepotForm, type LigneControleForm } from './formulaire';
import { Manquements } from './ManquementsDepot';
import { ChampDate } from '../../../ui/ChampDate';
import { RechercheServeur } from '../../../ui/RechercheServeur';

/** One external control: its fields, then its new and existing shortcomings. */
export function LigneControle({
  control,
  i,
  valeur,
  aopIgps,
  erreurs,
  supprimer,
}: {
  control: Control<DepotForm>;
  i: number;
  valeur: LigneControleForm;
  aopIgps: { value: string; label: string; migre: boolean }[];
  erreurs: FieldErrors<LigneControleForm> | undefined;
  supprimer: () => void;
}) {
  const migre = aopIgps.some((a) => a.value === valeur.aopIgp && a.migre);
  const e:
    | (FieldErrors<LigneControleForm> & Record<string, { message?: string } | undefined>)
    | undefined = erreurs;
  /** A field chosen from a list (label, level, result). */
  const choix = (
    champ: 'aopIgp' | 'niveau' | 'resultat',
    label: string,
    w: number,
    data: { value: string; label: string }[],
  ) => (
    <Controller
      control={control}
      name={`controles.${i}.${champ}`}
      render={({ field }) => (
        <Select
          label={label}
          w={w}
          data={data}
          value={field.value}
          onChange={field.onChange}
          error={e?.[champ]?.message}
        />
      )}
    />
  );
  return (
    <Card withBorder padding="sm" data-testid={`controle-${String(i)}`}>
      <Stack gap="xs">
        <Group align="start" gap="xs" wrap="wrap">
          {choix(
            'aopIgp',
            'AOP-IGP',
            170,
            aopIgps.map(({ value, label }) => ({ value, label })),
          )}
          {choix('niveau', 'Niveau', 250, opt(NIVEAUX_CONTROLE, LIBELLES_NIVEAU))}
          <Controller
            control={control}
            name={`controles.${i}.date`}
            // A control done already: not in the future, not before 2000 (the server says the
            // same; here before sending). An empty date is the server's 'obligatoire'.
            rules={{
              validate: (v) => (v ? (dateControleDepose(v, jourParis(new Date())) ?? true) : true),
            }}
            render={({ field }) => (
              <ChampDate
                label="Date"
                min="2000-01-01"
                max={jourParis(new Date())}
                w={150}
                {...field}
                error={e?.date?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`controles.${i}.heure`}
            render={({ field }) => (
              <TextInput label="Heure" type="time" step={300} w={120} {...field} />
            )}
          />
          {choix('resultat', 'Résultat', 170, opt(RESULTATS_CONTROLE, LIBELLES_RESULTAT))}
          <Controller
            control={control}
            name={`controles.${i}.operateur`}
            render={({ field }) => (
              <RechercheServeur
                label="Opérateur"
                cle="operateurs"
                aopIgpId={valeur.aopIgp}
                chercher={chercherOperateurs}
                libelle={(o) => `${o.raisonSociale} (${o.siret})`}
                value={field.value}
                onChange={field.onChange}
                error={e?.operateur?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`controles.${i}.auditeur`}
            render={({ field }) => (
              <RechercheServeur
                label="Auditeur"
                cle="auditeurs"
                aopIgpId={valeur.aopIgp}
                chercher={chercherAuditeurs}
                libelle={(a) =>
                  `${a.prenom} ${a.nom}${a.personneMorale ? ` (${a.personneMorale})` : ''}`
                }
                value={field.value}
                onChange={field.onChange}
                error={e?.auditeur?.message}
              />
            )}
          />
          <ActionIcon
            mt={26}
            color="red"
            variant="subtle"
            aria-label="Supprimer le contrôle"
            onClick={supprimer}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        <Controller
          control={control}
          name={`controles.${i}.observation`}
          render={({ field }) => (
            <Textarea label="Observation" autosize minRows={1} maxLength={4000} {...field} />
          )}
        />
        {/* The server's refusal stands until a shortcoming is added (then the next 'Valider' judges). */}
        {e?.manquements?.message &&
        valeur.manquements.length + valeur.manquementsExistant.length === 0 ? (
          <Text c="red" size="sm" role="alert">
            {e.manquements.message}
          </Text>
        ) : null}
        <Manquements
          control={control}
          i={i}
          nom="manquements"
          aopIgpId={valeur.aopIgp}
          operateurId={valeur.operateur?.id ?? null}
          migre={migre}
          erreurs={erreurs}
        />
        <Manquements
          control={control}
          i={i}
          nom="manquementsExistant"
          aopIgpId={valeur.aopIgp}
          operateurId={valeur.operateur?.id ?? null}
          migre={migre}
          erreurs={erreurs}
        />
      </Stack>
    </Card>
  );
}
