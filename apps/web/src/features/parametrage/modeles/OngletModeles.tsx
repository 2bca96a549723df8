import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconRestore } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ModeleDocument } from '@estive/contracts';
import { formaterDate, type TypeModele } from '@estive/domain';
import { ApiError, toastErreurServeur } from '../../../lib/api';
import { apercuModele, enregistrerModele, lireModeles, retablirModele } from '../api';

const CLE = ['parametrage', 'modeles'];
type Champ = 'objet' | 'corps';

/** A template's editor: object, body, its fields to insert, preview, save, back to default. */
function Editeur({ modele }: { modele: ModeleDocument }) {
  const client = useQueryClient();
  const [objet, setObjet] = useState(modele.objet);
  const [corps, setCorps] = useState(modele.corps);
  const [erreurs, setErreurs] = useState<Partial<Record<Champ, string>>>({});
  const [apercu, setApercu] = useState<string | null>(null);
  // Restoring replaces the ODG's own wording for good: asked first (issue 32 item 5).
  const [confirmerRetablir, setConfirmerRetablir] = useState(false);
  const [occupe, setOccupe] = useState<'apercu' | 'enregistrement' | null>(null);
  const zone = useRef<HTMLTextAreaElement>(null);
  useEffect(
    () => () => {
      if (apercu) URL.revokeObjectURL(apercu);
    },
    [apercu],
  );

  const v = { type: modele.type, objet, corps };
  /** Server field errors go under their field; anything else is a toast. */
  const surErreur = (e: unknown) => {
    const champs = e instanceof ApiError ? (e.corps?.fieldErrors ?? []) : [];
    if (champs.length === 0) {
      toastErreurServeur(e);
      return;
    }
    setErreurs(Object.fromEntries(champs.map((f) => [f.field, f.defaultMessage])));
  };
  const voir = async () => {
    setOccupe('apercu');
    setErreurs({});
    try {
      setApercu(URL.createObjectURL(await apercuModele(v)));
    } catch (e) {
      surErreur(e);
    } finally {
      setOccupe(null);
    }
  };
  const enregistrer = async () => {
    setOccupe('enregistrement');
    setErreurs({});
    try {
      await enregistrerModele(v);
      notifications.show({ color: 'green', message: 'Le modèle a bien été enregistré' });
      await client.invalidateQueries({ queryKey: CLE });
    } catch (e) {
      surErreur(e);
    } finally {
      setOccupe(null);
    }
  };
  const retablir = async () => {
    try {
      await retablirModele(modele.type);
      notifications.show({ color: 'green', message: 'Le modèle par défaut est rétabli' });
      const frais = (await client.query({ queryKey: CLE, queryFn: lireModeles })).find(
        (m) => m.type === modele.type,
      );
      if (frais) {
        setObjet(frais.objet);
        setCorps(frais.corps);
      }
      await client.invalidateQueries({ queryKey: CLE });
    } catch (e) {
      toastErreurServeur(e);
    }
  };
  /** Puts `{{cle}}` at the body's cursor. */
  const inserer = (cle: string) => {
    const el = zone.current;
    const champ = `{{${cle}}}`;
    const debut = el?.selectionStart ?? corps.length;
    const fin = el?.selectionEnd ?? corps.length;
    setCorps(corps.slice(0, debut) + champ + corps.slice(fin));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(debut + champ.length, debut + champ.length);
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color={modele.personnalise ? 'blue' : 'gray'}>
          {modele.personnalise ? 'Modèle de l’ODG' : 'Modèle par défaut'}
        </Badge>
        {modele.modifieLe && (
          <Text size="xs" c="dimmed">
            modifié le {formaterDate(modele.modifieLe)}
          </Text>
        )}
      </Group>
      <TextInput
        label="Objet"
        value={objet}
        onChange={(e) => setObjet(e.currentTarget.value)}
        error={erreurs.objet}
      />
      <Textarea
        ref={zone}
        label="Texte"
        description="Une ligne vide sépare deux paragraphes. Les champs entre doubles accolades sont remplis depuis le contrôle ou la tournée."
        autosize
        minRows={10}
        maxRows={22}
        value={corps}
        onChange={(e) => setCorps(e.currentTarget.value)}
        error={erreurs.corps}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Champs disponibles
        </Text>
        <Group gap={6} aria-label="Champs disponibles">
          {modele.champs.map((c) => (
            <Tooltip key={c.cle} label={c.libelle}>
              <Button size="compact-xs" variant="light" onClick={() => inserer(c.cle)}>
                {`{{${c.cle}}}`}
              </Button>
            </Tooltip>
          ))}
        </Group>
      </div>
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconRestore size={16} />}
          disabled={!modele.personnalise}
          onClick={() => setConfirmerRetablir(true)}
        >
          Rétablir le modèle par défaut
        </Button>
        <Modal
          opened={confirmerRetablir}
          onClose={() => setConfirmerRetablir(false)}
          title="Rétablir le modèle par défaut ?"
        >
          <Stack>
            <Text size="sm">
              L’objet et le texte personnalisés de ce modèle seront remplacés par ceux d’origine.
              Cette action ne peut pas être annulée.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmerRetablir(false)}>
                Annuler
              </Button>
              <Button
                color="red"
                onClick={() => {
                  setConfirmerRetablir(false);
                  void retablir();
                }}
              >
                Rétablir
              </Button>
            </Group>
          </Stack>
        </Modal>
        <Group>
          <Button
            variant="light"
            leftSection={<IconEye size={16} />}
            loading={occupe === 'apercu'}
            onClick={() => void voir()}
          >
            Aperçu
          </Button>
          <Button loading={occupe === 'enregistrement'} onClick={() => void enregistrer()}>
            Enregistrer
          </Button>
        </Group>
      </Group>
      <Modal
        opened={apercu !== null}
        onClose={() => setApercu(null)}
        title={`Aperçu : ${modele.libelle}`}
        size="xl"
      >
        {apercu && (
          <Stack gap="xs">
            <iframe
              title={`Aperçu du modèle ${modele.libelle}`}
              src={apercu}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
            <Group justify="flex-end">
              <Button component="a" href={apercu} target="_blank" variant="subtle">
                Ouvrir le PDF
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/**
 * Settings 'Modèles de documents': the active ODG's avis de passage, planning and courrier de
 * notification — the round's documents and the shortcoming reminders print them, filled.
 */
export default function OngletModeles() {
  const { data, isError } = useQuery({ queryKey: CLE, queryFn: lireModeles });
  const [type, setType] = useState<TypeModele>('AVIS_PASSAGE');
  const modele = data?.find((m) => m.type === type);
  if (isError) return <Alert color="red">Les modèles n’ont pas pu être chargés</Alert>;
  return (
    <Stack>
      <SegmentedControl
        aria-label="Modèle"
        value={type}
        onChange={setType}
        data={(data ?? []).map((m) => ({ value: m.type, label: m.libelle }))}
      />
      {modele && <Editeur key={`${modele.type}-${modele.modifieLe ?? ''}`} modele={modele} />}
    </Stack>
  );
}
