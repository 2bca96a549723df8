import {
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { FicheMorale } from '@estive/contracts';
import { MESSAGES_VALIDATION, TAILLE_MAX_FICHIER } from '@estive/domain';
import { api } from '../../lib/api';
import { AttenteOuRefus } from '../../ui/AttenteOuRefus';
import { BoutonsFormulaire } from '../../ui/BoutonsFormulaire';
import { FormulaireDemandeIdentification } from './DemandeIdentification';
import { DocumentsDi } from './DocumentsDi';
import { ChampAop } from './ChampsAop';
import { activitesDe, OPTIONS_STATUT_HABILITATION, useAopsEtActivites } from './references';
import { ChampDate } from '../../ui/ChampDate';
import { useEnregistrement } from '../../ui/useEnregistrement';

interface Valeurs {
  aopIgpId: string;
  activiteId: string;
  statut: string;
  dateDi: string;
  document: File | null;
}

/** The request: part `data` (JSON) and the DI in part `document` when one is chosen. */
function formulaire(data: object, document: File | null): FormData {
  const f = new FormData();
  f.append('data', JSON.stringify(data));
  if (document) f.append('document', document);
  return f;
}

/** Statut, date of DI and DI document: the part of a habilitation both screens edit. */
function ChampsHabilitation({ form }: { form: ReturnType<typeof useForm<Valeurs>> }) {
  return (
    <>
      <Controller
        control={form.control}
        name="statut"
        render={({ field, fieldState }) => (
          <Select
            label="Statut"
            withAsterisk
            data={OPTIONS_STATUT_HABILITATION}
            value={field.value || null}
            onChange={(x) => field.onChange(x ?? '')}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="dateDi"
        render={({ field, fieldState }) => (
          <ChampDate label="Date de DI" {...field} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="document"
        rules={{
          // Checked before sending (spec part 2 §5); the server refuses it too (413).
          validate: (f) => !f || f.size < TAILLE_MAX_FICHIER || MESSAGES_VALIDATION.fichierTropGros,
        }}
        render={({ field, fieldState }) => (
          <FileInput
            label="Document DI"
            placeholder="Choisir un fichier"
            clearable
            accept="application/pdf,image/*"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}

const useFiche = (id: string) =>
  useQuery({
    queryKey: ['fiche-morale', id],
    queryFn: ({ signal }) => api('GET /api/fiche/morale/{id}', { params: { id }, signal }),
  });

/**
 * Spec part 1 §2 'morale/{moraleId}/habilitation/creation': one label × one activity, or the
 * identification request (one DI for several activities of a label, part 2 §7).
 */
export function CreationHabilitationPage() {
  const { moraleId = '' } = useParams();
  const navigate = useNavigate();
  const { data: fiche, error } = useFiche(moraleId);
  const { aops, activites } = useAopsEtActivites();
  const form = useForm<Valeurs>({
    defaultValues: {
      aopIgpId: '',
      activiteId: '',
      statut: 'EN_ATTENTE',
      dateDi: '',
      document: null,
    },
  });
  const retour = `/recherche/morale/${moraleId}`;
  const enregistrer = useEnregistrement(form, {
    ecrire: (v) => {
      const data = {
        personneMoraleId: moraleId,
        aopIgpId: v.aopIgpId || null,
        activiteId: v.activiteId || null,
        statut: v.statut || null,
        dateDi: v.dateDi || null,
      };
      return api('POST /api/habilitation', { corps: formulaire(data, v.document) });
    },
    succes: "L'habilitation a bien été créée",
    requete: ['fiche-morale', moraleId],
    erreur: "L'habilitation n'a pas pu être créée",
    fermer: () => void navigate(retour),
  });
  const aop = form.watch('aopIgpId');
  const [mode, setMode] = useState('une');
  if (!fiche || !aops || !activites)
    return (
      <AttenteOuRefus
        erreur={error}
        objet="Opérateur"
        retour={{ chemin: '/recherche', libelle: "Retour à l'annuaire" }}
      />
    );
  return (
    <Stack p="md" maw={960}>
      <Title order={2}>Création d'habilitation</Title>
      <Text fw={700}>{fiche.raisonSociale}</Text>
      <SegmentedControl
        aria-label="Type de création"
        value={mode}
        onChange={setMode}
        data={[
          { value: 'une', label: 'Une activité' },
          { value: 'plusieurs', label: "Demande d'identification" },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {mode === 'plusieurs' ? (
        <FormulaireDemandeIdentification moraleId={moraleId} aops={aops} activites={activites} />
      ) : (
        <form noValidate onSubmit={(e) => void enregistrer(e)}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ChampAop
                control={form.control}
                name="aopIgpId"
                aops={aops}
                surChoix={() => form.setValue('activiteId', '')}
              />
              <Controller
                control={form.control}
                name="activiteId"
                render={({ field, fieldState }) => (
                  <Select
                    label="Activité"
                    withAsterisk
                    disabled={!aop}
                    data={activitesDe(activites, aop)}
                    value={field.value || null}
                    onChange={(x) => field.onChange(x ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <ChampsHabilitation form={form} />
            </SimpleGrid>
            <BoutonsFormulaire
              annuler={() => void navigate(retour)}
              enCours={form.formState.isSubmitting}
              libelle="Créer"
            />
          </Stack>
        </form>
      )}
    </Stack>
  );
}

type HabilitationFiche = FicheMorale['habilitations'][number];

function ModificationUne({ h, moraleId }: { h: HabilitationFiche; moraleId: string }) {
  const form = useForm<Valeurs>({
    defaultValues: {
      aopIgpId: h.aopIgp.id,
      activiteId: h.activite.id,
      statut: h.statut,
      dateDi: h.dateDi?.slice(0, 10) ?? '',
      document: null,
    },
  });
  const enregistrer = useEnregistrement(form, {
    ecrire: (v) =>
      api('POST /api/habilitation/modifie/{id}', {
        params: { id: h.id },
        corps: formulaire({ statut: v.statut || null, dateDi: v.dateDi || null }, v.document),
      }),
    succes: "L'habilitation a bien été modifiée",
    requete: ['fiche-morale', moraleId],
    erreur: "L'habilitation n'a pas pu être modifiée",
    // The file is sent: the field is emptied for the next one.
    fermer: () => form.setValue('document', null),
  });
  return (
    <Paper withBorder p="md">
      <form noValidate aria-label={h.activite.libelle} onSubmit={(e) => void enregistrer(e)}>
        <Stack>
          <Text fw={700}>{h.activite.libelle}</Text>
          <Text size="sm" c="dimmed" component="div">
            Documents DI :{' '}
            <DocumentsDi personneMoraleId={moraleId} aopId={h.aopIgp.id} fichiers={h.fichiers} />
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ChampsHabilitation form={form} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Spec part 1 §2 'morale/{moraleId}/habilitation/modification/{aopId}': each activity of the label. */
export function ModificationHabilitationPage() {
  const { moraleId = '', aopId = '' } = useParams();
  const navigate = useNavigate();
  const { data: fiche, error } = useFiche(moraleId);
  if (!fiche)
    return (
      <AttenteOuRefus
        erreur={error}
        objet="Opérateur"
        retour={{ chemin: '/recherche', libelle: "Retour à l'annuaire" }}
      />
    );
  const lignes = fiche.habilitations.filter((h) => h.aopIgp.id === aopId);
  return (
    <Stack p="md" maw={960}>
      <Title order={2}>Modification d'habilitation</Title>
      <Text fw={700}>
        {fiche.raisonSociale} — {lignes[0]?.aopIgp.libelle ?? ''}
      </Text>
      {lignes.length === 0 && <Text c="dimmed">Aucun résultat</Text>}
      {lignes.map((h) => (
        <ModificationUne key={h.id} h={h} moraleId={moraleId} />
      ))}
      <Group>
        <Button variant="default" onClick={() => void navigate(`/recherche/morale/${moraleId}`)}>
          Retour à la fiche
        </Button>
      </Group>
    </Stack>
  );
}
