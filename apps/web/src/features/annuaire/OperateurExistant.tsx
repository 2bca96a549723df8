import { useState } from 'react';
import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReponseApi } from '@estive/contracts';
import { formaterSiret } from '@estive/domain';
import { droitActif, useSession } from '../../offline/session/session';
import { HabilitationExistant } from './HabilitationExistant';

export type Existants = ReponseApi<'GET /api/personne-morale/recherche/existant'>;
type Detenteur = Existants['operateurs'][number]['detenteurs'][number];

const detenteurTexte = (d: Detenteur) => `${d.odg} (${d.aopIgps.join(', ')})`;

/** A mail to CNAOL naming the SIRET, who holds it and the ODG that asks, ready to send. */
function mailCnaol(adresses: string[], siret: string, detenteurs: Detenteur[], odg: string) {
  const sujet = `Opérateur existant : SIRET ${formaterSiret(siret)}`;
  const corps = [
    'Bonjour,',
    '',
    `Nous souhaitons enregistrer l'opérateur de SIRET ${formaterSiret(siret)}, déjà présent dans Estive et habilité par ${detenteurs.map(detenteurTexte).join(' ; ')}.`,
    `Pouvez-vous nous indiquer la marche à suivre pour l'habiliter sur une AOP-IGP de ${odg} ?`,
    '',
    'Cordialement',
  ].join('\n');
  return `mailto:${adresses.join(',')}?subject=${encodeURIComponent(sujet)}&body=${encodeURIComponent(corps)}`;
}

/**
 * The duplicate prompt of an operator's creation (issue 32 item 1; docs/decisions.md 'An
 * operator that exists under another ODG'): an operator of the active perimeter opens its fiche;
 * one held by other ODGs is named by them and their labels only, with the ways that exist:
 * habilitate it on a label of the active ODG (from its DI), or ask CNAOL, whose address the server
 * gives. No "Ouvrir la fiche" that would not open.
 */
export function OperateurExistant({
  siret,
  existants,
  surFermer,
  surOuvrir,
}: {
  siret: string;
  existants: Existants;
  surFermer: () => void;
  surOuvrir: (id: string) => void;
}) {
  const odg = droitActif(useSession())?.raisonSociale ?? 'notre ODG';
  const vus = existants.operateurs.flatMap((o) => (o.operateur ? [o.operateur] : []));
  const ailleurs = existants.operateurs.filter((o) => o.operateur === null);
  const [premier] = vus;
  const [habiliter, setHabiliter] = useState(false);
  return (
    <Modal
      opened={existants.operateurs.length > 0}
      onClose={surFermer}
      title="Opérateur existant"
      size={habiliter ? 'xl' : 'md'}
    >
      <Stack>
        {premier && (
          <>
            <Text>
              Un opérateur avec ce numéro de siret existe déjà : voulez-vous ouvrir sa fiche ?
            </Text>
            {vus.map((d) => (
              <Text key={d.id} fw={700}>
                {d.raisonSociale} — {formaterSiret(d.siret)} — {d.codePostal ?? ''} {d.ville ?? ''}
              </Text>
            ))}
          </>
        )}
        {ailleurs.map((o, i) => (
          <Stack key={i} gap="xs">
            <Text>
              Le SIRET <b>{formaterSiret(siret)}</b> est déjà enregistré dans Estive, hors de votre
              périmètre : cet opérateur est habilité par
            </Text>
            <List>
              {o.detenteurs.map((d) => (
                <List.Item key={d.odg}>{detenteurTexte(d)}</List.Item>
              ))}
            </List>
            <Text>
              Sa fiche ne vous est pas accessible et il ne peut pas être créé une seconde fois. Si
              l’opérateur vous a adressé sa déclaration d’identification (DI), habilitez-le sur une
              AOP-IGP de votre ODG : il entrera dans votre périmètre. Pour toute question, écrivez
              au CNAOL
              {existants.contactCnaol.length > 0 && (
                <>
                  {' '}
                  (
                  {existants.contactCnaol.map((m, k) => (
                    <span key={m}>
                      {k > 0 && ', '}
                      <Anchor href={`mailto:${m}`}>{m}</Anchor>
                    </span>
                  ))}
                  )
                </>
              )}
              .
            </Text>
          </Stack>
        ))}
        {habiliter && (
          <HabilitationExistant
            siret={siret}
            surAnnuler={() => setHabiliter(false)}
            surHabilite={surOuvrir}
          />
        )}
        {!habiliter && (
          <Group justify="flex-end">
            <Button variant="default" onClick={surFermer}>
              {premier ? 'Annuler' : 'Fermer'}
            </Button>
            {ailleurs.length > 0 && existants.contactCnaol.length > 0 && (
              <Button
                component="a"
                variant="default"
                leftSection={<IconMail size={18} />}
                href={mailCnaol(existants.contactCnaol, siret, ailleurs[0]?.detenteurs ?? [], odg)}
              >
                Écrire au CNAOL
              </Button>
            )}
            {ailleurs.length > 0 && (
              <Button onClick={() => setHabiliter(true)}>Habiliter sur mon AOP-IGP</Button>
            )}
            {premier && <Button onClick={() => surOuvrir(premier.id)}>Ouvrir la fiche</Button>}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
