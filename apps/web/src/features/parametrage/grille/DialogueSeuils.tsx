import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PointControleParametrage, SeuilsEcriture } from '@estive/contracts';
import {
  GRAVITES,
  LIBELLES_GRAVITE,
  OPERATEURS_SEUIL,
  type Gravite,
  type OperateurSeuil,
} from '@estive/domain';
import { toastErreurServeur } from '../../../lib/api';
import { ecrireSeuils } from '../api';

type Niveau = keyof SeuilsEcriture;
const NIVEAUX: { cle: Niveau; libelle: string }[] = [
  { cle: 'grave', libelle: 'Grave' },
  { cle: 'majeur', libelle: 'Majeur' },
  { cle: 'mineur', libelle: 'Mineur' },
];
type SeuilSaisi = { operateur: OperateurSeuil | null; valeur: number | string };
const VIDE: SeuilSaisi = { operateur: null, valeur: '' };

/**
 * The point applied to one label: on/off, the three thresholds (each an operator and a value;
 * the entry form tests grave, then majeur, then mineur), the default gravity, the target and the
 * exploitation line whose value it takes.
 */
export function DialogueSeuils({
  point,
  aop,
  lignes,
  fermer,
}: {
  point: PointControleParametrage;
  aop: { id: string; libelle: string };
  lignes: { value: string; label: string }[];
  fermer: () => void;
}) {
  const client = useQueryClient();
  const lien = point.aops.find((a) => a.aopIgpId === aop.id);
  const [actif, setActif] = useState(lien?.actif ?? true);
  const [seuils, setSeuils] = useState<Record<Niveau, SeuilSaisi>>({
    grave: lien?.seuil.grave ?? VIDE,
    majeur: lien?.seuil.majeur ?? VIDE,
    mineur: lien?.seuil.mineur ?? VIDE,
  });
  const [gravite, setGravite] = useState<Gravite | null>(lien?.gravite ?? null);
  const [cible, setCible] = useState(lien?.cible ?? '');
  const [ligne, setLigne] = useState<string | null>(lien?.pointSystemeExploitationId ?? null);
  const [envoi, setEnvoi] = useState(false);
  const incomplet = NIVEAUX.some(
    ({ cle }) => (seuils[cle].operateur === null) !== (seuils[cle].valeur === ''),
  );

  const enregistrer = async () => {
    const seuil = (s: SeuilSaisi) =>
      s.operateur === null || s.valeur === ''
        ? null
        : { operateur: s.operateur, valeur: Number(s.valeur) };
    setEnvoi(true);
    try {
      await ecrireSeuils(point.id, aop.id, {
        actif,
        seuil: {
          grave: seuil(seuils.grave),
          majeur: seuil(seuils.majeur),
          mineur: seuil(seuils.mineur),
        },
        gravite,
        cible: cible.trim() || null,
        pointSystemeExploitationId: ligne,
      });
      notifications.show({ color: 'green', message: 'Les seuils ont été enregistrés' });
      await client.invalidateQueries({ queryKey: ['parametrage', 'grille'] });
      fermer();
    } catch (e) {
      toastErreurServeur(e);
    } finally {
      setEnvoi(false);
    }
  };

  return (
    <Modal opened onClose={fermer} title={`${point.code} — ${aop.libelle}`} size="lg" centered>
      <Stack>
        <Text size="sm">{point.libelle}</Text>
        <Checkbox
          label="Point actif pour cette AOP-IGP"
          checked={actif}
          onChange={(e) => setActif(e.currentTarget.checked)}
        />
        <Table withTableBorder aria-label="Seuils">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Seuil</Table.Th>
              <Table.Th>Opérateur</Table.Th>
              <Table.Th>Valeur</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NIVEAUX.map(({ cle, libelle }) => (
              <Table.Tr key={cle}>
                <Table.Td>{libelle}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Opérateur ${libelle}`}
                    data={OPERATEURS_SEUIL.map((o) => ({ value: o, label: o }))}
                    value={seuils[cle].operateur}
                    clearable
                    onChange={(v) =>
                      setSeuils((s) => ({
                        ...s,
                        [cle]: { ...s[cle], operateur: v },
                      }))
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Valeur ${libelle}`}
                    decimalSeparator=","
                    value={seuils[cle].valeur}
                    onChange={(v) => setSeuils((s) => ({ ...s, [cle]: { ...s[cle], valeur: v } }))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {incomplet && (
          <Text c="red" size="sm">
            Un seuil a besoin d'un opérateur et d'une valeur.
          </Text>
        )}
        <Group grow>
          <Select
            label="Gravité par défaut"
            data={GRAVITES.map((g) => ({ value: g, label: LIBELLES_GRAVITE[g] }))}
            value={gravite}
            clearable
            onChange={(v) => setGravite(v)}
          />
          <TextInput
            label="Cible"
            value={cible}
            onChange={(e) => setCible(e.currentTarget.value)}
          />
        </Group>
        <Select
          label="Ligne du système d'exploitation"
          description="La valeur du point est celle de cette ligne, calculée sur la tablette"
          data={lignes}
          value={ligne}
          clearable
          searchable
          onChange={setLigne}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Annuler
          </Button>
          <Button disabled={incomplet} loading={envoi} onClick={() => void enregistrer()}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
