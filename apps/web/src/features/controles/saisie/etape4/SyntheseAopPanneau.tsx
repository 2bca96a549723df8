import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload, IconRefresh, IconSignature } from '@tabler/icons-react';
import type { ControleLocal } from '../../../../offline/db';
import type { Grille, SyntheseAop } from '../../../rapport';
import { TextareaRapport } from '../composants/ChampsRapport';
import { ApercuRapport } from './ApercuRapport';
import { DialogueSignatureAudite } from './DialogueSignatureAudite';
import { DialogueSignatureAuditeur } from './DialogueSignatureAuditeur';
import type { EtatDocument } from './documents';
import { avecObservations, signeeParAudite, signeeParAuditeur } from './synthese';
import { MOBILE } from './useRapportsVisite';

interface Props {
  controle: ControleLocal;
  grille: Grille;
  synthese: SyntheseAop;
  onChange: (next: SyntheseAop) => void;
  formulaireValide: boolean;
  lectureSeule?: boolean;
  auditeur: string;
  document: EtatDocument | undefined;
  generer: (s?: SyntheseAop) => Promise<EtatDocument | null>;
  /** The page count of the report once signed as the given synthesis says. */
  compter: (s: SyntheseAop) => Promise<number>;
}

function telecharger(doc: EtatDocument) {
  if (!doc.blob) return;
  const url = URL.createObjectURL(doc.blob);
  const a = Object.assign(window.document.createElement('a'), {
    href: url,
    download: doc.fileName,
  });
  a.click();
  // The click has started the download by the next task: the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Step 4 for one AOP-IGP: observations, report preview, signatures (spec part 2 §2, §4). */
export function SyntheseAopPanneau(props: Props) {
  const { controle, grille, synthese, onChange, formulaireValide, document, generer } = props;
  const [dialogue, setDialogue] = useState<'audite' | 'auditeur' | null>(null);
  const aopId = controle.aopIgp.id;
  const avecManquements = grille.manquements.some((m) => m.aopIgp.id === aopId);
  const enGeneration = document?.statut === 'generation';
  // What was signed must stay what the report says: observations freeze at the first signature.
  const observationsFigees =
    synthese.audite.signed || synthese.auditeur.signed || props.lectureSeule === true;
  const signable = formulaireValide && props.lectureSeule !== true;

  const signer = (next: SyntheseAop) => {
    onChange(next);
    // Spec part 2 §4: each signature regenerates the preview, skipped on mobile.
    if (!MOBILE) void generer(next);
  };

  const telechargerRapport = async () => {
    const doc = document?.statut === 'pret' ? document : await generer();
    if (doc) telecharger(doc);
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextareaRapport
          label="Observations générales de l'audité"
          autosize
          minRows={3}
          disabled={observationsFigees}
          value={synthese.audite.observation ?? ''}
          onValeur={(v) => onChange(avecObservations(synthese, { audite: v }))}
        />
        <TextareaRapport
          label="Observations générales de l'auditeur"
          autosize
          minRows={3}
          disabled={observationsFigees}
          value={synthese.auditeur.observation ?? ''}
          onValeur={(v) => onChange(avecObservations(synthese, { auditeur: v }))}
        />
      </SimpleGrid>
      <Group>
        <Button
          leftSection={<IconSignature size={18} />}
          disabled={!signable || synthese.audite.signed}
          onClick={() => setDialogue('audite')}
        >
          Signature audité
        </Button>
        <Button
          leftSection={<IconSignature size={18} />}
          disabled={!signable || synthese.auditeur.signed}
          onClick={() => setDialogue('auditeur')}
        >
          Signature auditeur
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          disabled={MOBILE || enGeneration}
          onClick={() => void generer()}
        >
          Rafraîchir la prévisualisation
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          disabled={enGeneration}
          onClick={() => void telechargerRapport()}
        >
          Télécharger
        </Button>
      </Group>
      <ApercuRapport document={document} libelle={controle.aopIgp.libelle} />
      <DialogueSignatureAuditeur
        opened={dialogue === 'auditeur'}
        onClose={() => setDialogue(null)}
        auditeur={props.auditeur}
        onSigner={(image) => signer(signeeParAuditeur(synthese, image))}
      />
      <DialogueSignatureAudite
        opened={dialogue === 'audite'}
        onClose={() => setDialogue(null)}
        // The statement's n: the report as it will be signed by the signers being entered (their
        // frames can push its end onto a new page), not the unsigned preview (issue 27 item 5).
        compterPages={(entrees) => props.compter(signeeParAudite(synthese, entrees))}
        avecPlanProgres={avecManquements}
        onSigner={(entrees) => signer(signeeParAudite(synthese, entrees))}
      />
    </Stack>
  );
}
