import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PadSignature } from './PadSignature';

/** Spec part 2 §9: the auditor's signature image is 400×100. */
export const TAILLE_SIGNATURE_AUDITEUR = { largeur: 400, hauteur: 100 } as const;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Name printed under the signature: the report's auditor (the signed-in user by default). */
  auditeur: string;
  onSigner: (image: string) => void;
}

/** The auditor signs once per AOP-IGP; the image goes into the synthesis as a PNG data URL. */
export function DialogueSignatureAuditeur({ opened, onClose, auditeur, onSigner }: Props) {
  const [image, setImage] = useState<string | null>(null);
  const [effacement, setEffacement] = useState(0);

  const fermer = () => {
    setImage(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={fermer} title="Signature de l'auditeur" size="lg" centered>
      <Stack>
        <Text size="sm">
          Auditeur : <strong>{auditeur}</strong>
        </Text>
        {opened && (
          <PadSignature
            {...TAILLE_SIGNATURE_AUDITEUR}
            onChange={setImage}
            effacement={effacement}
            label="Zone de signature de l'auditeur"
          />
        )}
        <Group justify="space-between">
          <Button
            variant="subtle"
            aria-label="Effacer la signature de l'auditeur"
            onClick={() => setEffacement((n) => n + 1)}
          >
            Effacer
          </Button>
          <Group>
            <Button variant="default" onClick={fermer}>
              Annuler
            </Button>
            <Button
              disabled={!image}
              onClick={() => {
                if (!image) return;
                onSigner(image);
                fermer();
              }}
            >
              Signer
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
