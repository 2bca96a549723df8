import { Alert, Center, Loader, LoadingOverlay, Paper } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { erreurApercu } from '@estive/domain';
import { lecteurPdfDisponible } from '../../../rapport';
import type { EtatDocument } from './documents';
import { MOBILE } from './useRapportsVisite';

interface Props {
  document: EtatDocument | undefined;
  libelle: string;
}

/** The report as it stands, in the browser's own PDF viewer (spec part 2 §2 step 4). */
export function ApercuRapport({ document, libelle }: Props) {
  if (MOBILE) {
    return (
      <Alert color="gray" icon={<IconInfoCircle />}>
        La prévisualisation du rapport n'est pas disponible sur mobile.
      </Alert>
    );
  }
  if (!lecteurPdfDisponible(navigator)) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle />}>
        Votre navigateur ne permet pas d'afficher les fichiers PDF : utilisez le bouton Télécharger
        pour consulter le rapport.
      </Alert>
    );
  }
  if (!document || (document.statut === 'generation' && !document.url)) {
    return (
      <Center h={200}>
        <Loader aria-label="Génération du rapport" />
      </Center>
    );
  }
  if (document.statut === 'erreur' || !document.url) {
    return (
      <Alert color="red" icon={<IconInfoCircle />}>
        {erreurApercu(libelle)}
      </Alert>
    );
  }
  return (
    <Paper withBorder pos="relative" style={{ overflow: 'hidden' }}>
      <LoadingOverlay
        visible={document.statut === 'generation'}
        loaderProps={{ 'aria-label': 'Génération du rapport' }}
      />
      <iframe
        src={document.url}
        title={`Aperçu du rapport d'audit ${libelle}`}
        style={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
      />
    </Paper>
  );
}
