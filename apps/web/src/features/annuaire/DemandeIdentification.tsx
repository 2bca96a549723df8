import { FileInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MESSAGES_VALIDATION, TAILLE_MAX_FICHIER } from '@estive/domain';
import { api, toastErreurFormulaire } from '../../lib/api';
import { BoutonsFormulaire } from '../../ui/BoutonsFormulaire';
import { ChampDate } from '../../ui/ChampDate';
import { ChampActivites, ChampAop } from './ChampsAop';

interface Valeurs {
  aopIgpId: string;
  activiteIds: string[];
  dateDi: string;
  document: File | null;
}
type Ref = { id: string; libelle: string };

/**
 * The identification request (spec part 2 §7 'Habilitation', `POST
 * /api/habilitation/demande-identification`): one DI, its date and its file, for several
 * activities of one label at once. Each activity gets its habilitation « En attente »; one that
 * exists keeps its status and takes the DI's date. Offered on the habilitation creation screen.
 */
export function FormulaireDemandeIdentification({
  moraleId,
  aops,
  activites,
}: {
  moraleId: string;
  aops: Ref[];
  activites: (Ref & { aopIgpId: string })[];
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const retour = `/recherche/morale/${moraleId}`;
  const form = useForm<Valeurs>({
    defaultValues: { aopIgpId: '', activiteIds: [], dateDi: '', document: null },
  });
  const aop = form.watch('aopIgpId');
  return (
    <form
      noValidate
      aria-label="Demande d'identification"
      onSubmit={(e) =>
        void form.handleSubmit(async (v) => {
          const data = new FormData();
          data.append(
            'data',
            JSON.stringify({
              personneMoraleId: moraleId,
              aopIgpId: v.aopIgpId || null,
              activiteIds: v.activiteIds,
              dateDi: v.dateDi || null,
            }),
          );
          if (v.document) data.append('document', v.document);
          try {
            const { ids } = await api('POST /api/habilitation/demande-identification', {
              corps: data,
            });
            await client.invalidateQueries({ queryKey: ['fiche-morale', moraleId] });
            notifications.show({
              message: `La demande d'identification a bien été enregistrée (${ids.length} activité${ids.length > 1 ? 's' : ''})`,
              autoClose: 5000,
            });
            void navigate(retour);
          } catch (err) {
            toastErreurFormulaire(
              err,
              form,
              "La demande d'identification n'a pas pu être enregistrée",
            );
          }
        })(e)
      }
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Un seul document DI pour plusieurs activités de l'AOP-IGP : chaque activité est habilitée
          « En attente » ; une habilitation existante garde son statut et prend la date de DI.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChampAop
            control={form.control}
            name="aopIgpId"
            rules={{ required: MESSAGES_VALIDATION.obligatoire }}
            aops={aops}
            surChoix={() => form.setValue('activiteIds', [])}
          />
          <ChampActivites
            control={form.control}
            name="activiteIds"
            rules={{ validate: (ids) => ids.length > 0 || MESSAGES_VALIDATION.obligatoire }}
            activites={activites}
            aop={aop}
          />
          <Controller
            control={form.control}
            name="dateDi"
            rules={{ required: MESSAGES_VALIDATION.obligatoire }}
            render={({ field, fieldState }) => (
              <ChampDate
                label="Date de DI"
                withAsterisk
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="document"
            rules={{
              validate: (f) =>
                !f || f.size < TAILLE_MAX_FICHIER || MESSAGES_VALIDATION.fichierTropGros,
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
        </SimpleGrid>
        <BoutonsFormulaire
          annuler={() => void navigate(retour)}
          enCours={form.formState.isSubmitting}
          libelle="Envoyer la demande"
        />
      </Stack>
    </form>
  );
}
