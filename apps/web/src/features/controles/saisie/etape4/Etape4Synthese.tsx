import { useState } from 'react';
import { Alert, Tabs } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSession } from '../../../../offline/session/session';
import type { ControleLocal } from '../../../../offline/db';
import type { Grille, SyntheseAop } from '../../../rapport';
import type { Auditeur } from './auditeurs';
import { BlocAuditeur } from './BlocAuditeur';
import { auditeurChoisi, avecAuditeur, estSignee, syntheseDe } from './synthese';
import { SyntheseAopPanneau } from './SyntheseAopPanneau';
import { MOBILE, useRapportsVisite } from './useRapportsVisite';

export interface Etape4SyntheseProps {
  /** The visit: one control per AOP-IGP of one operator on one date. */
  controles: ControleLocal[];
  grille: Grille;
  synthese: Record<string /* aopIgpId */, SyntheseAop>;
  onSyntheseChange: (next: Record<string, SyntheseAop>) => void;
  /** Signing requires a valid entry form (spec part 2 §5). */
  formulaireValide: boolean;
  /** A finalised control: nothing to sign or change, the report can still be downloaded. */
  lectureSeule?: boolean;
}

/** Step 4 'Synthèse de l'audit': one tab per AOP-IGP of the visit. */
export default function Etape4Synthese({
  controles,
  grille,
  synthese,
  onSyntheseChange,
  formulaireValide,
  lectureSeule = false,
}: Etape4SyntheseProps) {
  const { principal } = useSession();
  const { documents, generer, compter } = useRapportsVisite(controles, grille, synthese);
  const [onglet, setOnglet] = useState<string | null>(controles[0]?.aopIgp.id ?? null);
  const aopIds = controles.map((c) => c.aopIgp.id);
  const choisi = auditeurChoisi(syntheseDe(synthese, aopIds[0] ?? ''));
  const auditeur = choisi ?? principal;
  const nomAuditeur = auditeur ? `${auditeur.prenom} ${auditeur.nom}` : '';
  const auditeurSigne = aopIds.some((id) => syntheseDe(synthese, id).auditeur.signed);

  const choisirAuditeur = (a: Auditeur) => {
    const { id, nom, prenom, mail, telephone } = a;
    const suivante = avecAuditeur(synthese, aopIds, { id, nom, prenom, mail, telephone });
    onSyntheseChange(suivante);
    // The previews must show whom the report now names; one PDF run at a time.
    if (!MOBILE)
      void (async () => {
        for (const aopId of aopIds) await generer(aopId, syntheseDe(suivante, aopId));
      })();
  };

  return (
    <>
      {!formulaireValide && !lectureSeule && (
        <Alert color="yellow" mb="md">
          Merci de compléter les éléments manquants
        </Alert>
      )}
      <BlocAuditeur
        nom={nomAuditeur}
        mail={auditeur?.mail ?? ''}
        verrouille={auditeurSigne || lectureSeule}
        estActuel={(a) => (choisi ? a.id === choisi.id : a.mail === principal?.mail)}
        onChoisir={choisirAuditeur}
      />
      <Tabs value={onglet} onChange={setOnglet} keepMounted={false}>
        <Tabs.List>
          {controles.map((c) => (
            <Tabs.Tab
              key={c.aopIgp.id}
              value={c.aopIgp.id}
              rightSection={
                estSignee(syntheseDe(synthese, c.aopIgp.id)) ? (
                  <IconCircleCheck
                    size={16}
                    color="var(--mantine-color-green-7)"
                    aria-label="Signé"
                  />
                ) : null
              }
            >
              {c.aopIgp.libelle}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {controles.map((c) => (
          <Tabs.Panel key={c.aopIgp.id} value={c.aopIgp.id} pt="md">
            <SyntheseAopPanneau
              controle={c}
              grille={grille}
              synthese={syntheseDe(synthese, c.aopIgp.id)}
              onChange={(next) => onSyntheseChange({ ...synthese, [c.aopIgp.id]: next })}
              formulaireValide={formulaireValide}
              lectureSeule={lectureSeule}
              auditeur={nomAuditeur}
              document={documents[c.aopIgp.id]}
              generer={(s) => generer(c.aopIgp.id, s)}
              compter={(s) => compter(c.aopIgp.id, s)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
