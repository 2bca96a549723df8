import { Fieldset, MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { Controller, type Control } from 'react-hook-form';
import {
  couleurAopIgp,
  formaterDate,
  LIBELLES_NIVEAU,
  LIBELLES_TYPE_DOCUMENT,
  NIVEAU_INOPINE,
} from '@estive/domain';
import { db } from '../../../offline/db';
import type { OperateurAnnuaire } from '../types';
import { documentsOperateur } from './creation';
import type { ValeursInopine } from './schema';

interface Props {
  index: number;
  aopIgp: { id: string; libelle: string };
  operateur: OperateurAnnuaire;
  control: Control<ValeursInopine>;
}

/** The activities of the label the operator is habilitated for; all of the label if none match. */
function useActivites(aopIgpId: string, operateur: OperateurAnnuaire) {
  return useLiveQuery(async () => {
    const activites = await db.activiteaop.where('aopIgpId').equals(aopIgpId).toArray();
    const habilitees = new Set(
      operateur.habilitations.filter((h) => h.aopIgp.id === aopIgpId).map((h) => h.activite.id),
    );
    const retenues = activites.filter((a) => habilitees.has(a.activiteId));
    return (retenues.length > 0 ? retenues : activites).map((a) => ({
      value: a.id,
      label: a.activiteLibelle,
    }));
  }, [aopIgpId, operateur]);
}

/** Per label: sites, the fixed level (shown, not editable), activities and documents. */
export function BlocAppellation({ index, aopIgp, operateur, control }: Props) {
  const activites = useActivites(aopIgp.id, operateur) ?? [];
  const sites = operateur.sites.map((s) => ({
    value: s.id,
    label: [s.libelle, s.ville].filter(Boolean).join(' — '),
  }));
  const documents = documentsOperateur(operateur).map((f) => ({
    value: f.id,
    label: `${LIBELLES_TYPE_DOCUMENT[f.typeDocument]} du ${formaterDate(f.dateCreation)} — ${f.fileName}`,
  }));
  /** A choice of several (sites, activities, documents); a required one shows its error. */
  const choix = (
    champ: 'siteIds' | 'activiteAopIgpIds' | 'fichierIds',
    label: string,
    data: { value: string; label: string }[],
    requis = false,
  ) => (
    <Controller
      control={control}
      name={`appellations.${index}.${champ}`}
      render={({ field, fieldState }) => (
        <MultiSelect
          label={label}
          withAsterisk={requis}
          size="md"
          data={data}
          value={field.value}
          onChange={field.onChange}
          error={requis ? fieldState.error?.message : undefined}
        />
      )}
    />
  );
  return (
    <Fieldset
      legend={aopIgp.libelle}
      style={{ borderLeft: `6px solid ${couleurAopIgp(aopIgp.id)}` }}
      aria-label={`Appellation ${aopIgp.libelle}`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {choix('siteIds', 'Sites', sites, true)}
        <TextInput
          label="Niveau de contrôle"
          size="md"
          value={LIBELLES_NIVEAU[NIVEAU_INOPINE]}
          readOnly
          variant="filled"
        />
        {choix('activiteAopIgpIds', 'Activités', activites, true)}
        {choix('fichierIds', 'Documents', documents)}
      </SimpleGrid>
    </Fieldset>
  );
}
