import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TAILLE_SIGNATURE_AUDITEUR } from './DialogueSignatureAuditeur';
import { PadSignature } from './PadSignature';

/**
 * The audited party signs on a pad as large as the auditor's, 400×100 (spec part 2 §9 says
 * 200×100 for the audited image: too small to sign with a finger; see docs/decisions.md).
 */
export const TAILLE_SIGNATURE_AUDITE = TAILLE_SIGNATURE_AUDITEUR;

/** Spec part 2 §3 'Audited signature entry'. */
export interface EntreeSignatureAudite {
  id: string;
  /** First name then last name. */
  name: string;
  image: string;
  rapportAudit: boolean;
  planProgres: boolean;
}

interface Brouillon {
  id: string;
  prenom: string;
  nom: string;
  image: string | null;
  rapportAudit: boolean;
  planProgres: boolean;
  /** Bumped by 'Effacer': clears this signer's pad. */
  effacement: number;
}

/** Spec part 2 §5: both options are ticked by default. */
const nouvelleEntree = (): Brouillon => ({
  id: crypto.randomUUID(),
  prenom: '',
  nom: '',
  image: null,
  rapportAudit: true,
  planProgres: true,
  effacement: 0,
});

const complete = (b: Brouillon) =>
  b.prenom.trim() !== '' && b.nom.trim() !== '' && b.image !== null;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Pages of the generated report: the audited party declares having read them all. */
  pages: number;
  /** The progress plan is signed only when the control has manquements (spec part 2 §5). */
  avecPlanProgres: boolean;
  onSigner: (entrees: EntreeSignatureAudite[]) => void;
}

/** One signature entry by default; the audited party may add more (several partners sign). */
export function DialogueSignatureAudite({
  opened,
  onClose,
  pages,
  avecPlanProgres,
  onSigner,
}: Props) {
  const [entrees, setEntrees] = useState<Brouillon[]>(() => [nouvelleEntree()]);

  const modifier = (id: string, patch: Partial<Brouillon>) =>
    setEntrees((es) => es.map((e) => (e.id === id ? { ...e, ...patch } : e)));

  const fermer = () => {
    setEntrees([nouvelleEntree()]);
    onClose();
  };

  const signer = () => {
    onSigner(
      entrees.map((e) => ({
        id: e.id,
        name: `${e.prenom.trim()} ${e.nom.trim()}`,
        image: e.image ?? '',
        rapportAudit: e.rapportAudit,
        // Hidden option: nothing to sign for a plan that does not exist.
        planProgres: avecPlanProgres && e.planProgres,
      })),
    );
    fermer();
  };

  return (
    <Modal opened={opened} onClose={fermer} title="Signature de l'audité" size="lg" centered>
      <Stack>
        <Text size="sm">
          L'audité déclare avoir pris connaissance de l'ensemble des {pages} pages du rapport.
        </Text>
        {entrees.map((e, i) => (
          <Paper key={e.id} withBorder p="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <TextInput
                  label="Prénom"
                  required
                  value={e.prenom}
                  onChange={(ev) => modifier(e.id, { prenom: ev.currentTarget.value })}
                />
                <TextInput
                  label="Nom"
                  required
                  value={e.nom}
                  onChange={(ev) => modifier(e.id, { nom: ev.currentTarget.value })}
                />
                {entrees.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Retirer le signataire ${i + 1}`}
                    onClick={() => setEntrees((es) => es.filter((x) => x.id !== e.id))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
              {opened && (
                <PadSignature
                  {...TAILLE_SIGNATURE_AUDITE}
                  onChange={(image) => modifier(e.id, { image })}
                  effacement={e.effacement}
                  label={`Zone de signature du signataire ${i + 1}`}
                />
              )}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Button
                  variant="subtle"
                  aria-label={`Effacer la signature du signataire ${i + 1}`}
                  onClick={() => modifier(e.id, { effacement: e.effacement + 1 })}
                >
                  Effacer
                </Button>
                <Group gap="md">
                  <Checkbox
                    label="Rapport d'audit"
                    checked={e.rapportAudit}
                    onChange={(ev) => modifier(e.id, { rapportAudit: ev.currentTarget.checked })}
                  />
                  {avecPlanProgres && (
                    <Checkbox
                      label="Plan de progrès"
                      checked={e.planProgres}
                      onChange={(ev) => modifier(e.id, { planProgres: ev.currentTarget.checked })}
                    />
                  )}
                </Group>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setEntrees((es) => [...es, nouvelleEntree()])}
          >
            Ajouter un signataire
          </Button>
          <Group>
            <Button variant="default" onClick={fermer}>
              Annuler
            </Button>
            <Button disabled={!entrees.every(complete)} onClick={signer}>
              Signer
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
