import { useEffect, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { declarationPages, MESSAGES_SAISIE } from '@estive/domain';
import { TextInputRapport } from '../composants/ChampsRapport';
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

/** The entries as signed; the image is left empty while counting (it does not move the layout). */
function versEntrees(entrees: Brouillon[], avecPlanProgres: boolean): EntreeSignatureAudite[] {
  return entrees.map((e) => ({
    id: e.id,
    name: `${e.prenom.trim()} ${e.nom.trim()}`,
    image: e.image ?? '',
    rapportAudit: e.rapportAudit,
    // Hidden option: nothing to sign for a plan that does not exist.
    planProgres: avecPlanProgres && e.planProgres,
  }));
}

/**
 * A first or last name prints whole beside the signer's frame, which never breaks across pages:
 * beyond this it is refused at typing (docs/decisions.md, 'Report fonts and typed text').
 */
export const LONGUEUR_MAX_NOM = 100;

/** Waits for typing to pause before laying the report out again (a layout takes a moment). */
const DELAI_DECOMPTE_MS = 400;

/**
 * The page count of the report as these entries would sign it, recounted when what moves the
 * layout changes (names, number of signers, what each signs); null while counting, so that no
 * one signs under a number that is not the signed report's.
 */
function usePagesSignees(
  opened: boolean,
  entrees: Brouillon[],
  avecPlanProgres: boolean,
  compterPages: Props['compterPages'],
): { n: number | null; erreur: boolean } {
  const signataires = versEntrees(entrees, avecPlanProgres).map((e) => ({ ...e, image: '' }));
  const cle = JSON.stringify(signataires);
  const [decompte, setDecompte] = useState<{ cle: string; n: number | null }>({ cle: '', n: 0 });
  // The latest function and list, read by the effect, which reruns on the list's key by value.
  const [compter] = useState(() => ({ courant: compterPages, signataires }));
  compter.courant = compterPages;
  compter.signataires = signataires;
  useEffect(() => {
    if (!opened) return;
    let abandonne = false;
    const minuterie = setTimeout(() => {
      compter.courant(compter.signataires).then(
        (n) => {
          if (!abandonne) setDecompte({ cle, n });
        },
        (erreur: unknown) => {
          console.error(erreur);
          if (!abandonne) setDecompte({ cle, n: null });
        },
      );
    }, DELAI_DECOMPTE_MS);
    return () => {
      abandonne = true;
      clearTimeout(minuterie);
    };
  }, [opened, cle, compter]);
  const aJour = decompte.cle === cle;
  return { n: aJour ? decompte.n : null, erreur: aJour && decompte.n === null };
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /**
   * The page count of the report signed by these entries (images aside): the audited party
   * declares having read them all, so it is counted for the signers as entered.
   */
  compterPages: (entrees: EntreeSignatureAudite[]) => Promise<number>;
  /** The progress plan is signed only when the control has manquements (spec part 2 §5). */
  avecPlanProgres: boolean;
  onSigner: (entrees: EntreeSignatureAudite[]) => void;
}

/** One signature entry by default; the audited party may add more (several partners sign). */
export function DialogueSignatureAudite({
  opened,
  onClose,
  compterPages,
  avecPlanProgres,
  onSigner,
}: Props) {
  const [entrees, setEntrees] = useState<Brouillon[]>(() => [nouvelleEntree()]);
  const pages = usePagesSignees(opened, entrees, avecPlanProgres, compterPages);

  const modifier = (id: string, patch: Partial<Brouillon>) =>
    setEntrees((es) => es.map((e) => (e.id === id ? { ...e, ...patch } : e)));

  const fermer = () => {
    setEntrees([nouvelleEntree()]);
    onClose();
  };

  const signer = () => {
    onSigner(versEntrees(entrees, avecPlanProgres));
    fermer();
  };

  return (
    <Modal opened={opened} onClose={fermer} title="Signature de l'audité" size="lg" centered>
      <Stack>
        <Text size="sm" data-testid="declaration-pages" c={pages.erreur ? 'red' : undefined}>
          {pages.erreur
            ? MESSAGES_SAISIE.erreurGenerationDocument
            : pages.n === null
              ? 'Calcul du nombre de pages du rapport signé…'
              : declarationPages(pages.n)}
        </Text>
        {entrees.map((e, i) => (
          <Paper key={e.id} withBorder p="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <TextInputRapport
                  label="Prénom"
                  required
                  value={e.prenom}
                  longueurMax={LONGUEUR_MAX_NOM}
                  onValeur={(prenom) => modifier(e.id, { prenom })}
                />
                <TextInputRapport
                  label="Nom"
                  required
                  value={e.nom}
                  longueurMax={LONGUEUR_MAX_NOM}
                  onValeur={(nom) => modifier(e.id, { nom })}
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
            {/* Signed only under the count of the report these signers sign. */}
            <Button disabled={!entrees.every(complete) || pages.n === null} onClick={signer}>
              Signer
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
