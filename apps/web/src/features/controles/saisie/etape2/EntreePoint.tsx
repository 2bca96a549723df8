import { memo, useCallback } from 'react';
import { ActionIcon, Group, NativeSelect, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import type { Conformite, Severite } from '@estive/domain';
import { lireValeurExploitation } from '../grille/formule';
import {
  confirmationVraisemblance,
  explicationEntree,
  MESSAGES_GRILLE,
  plageVraisemblable,
  verdictDesSeuils,
} from '../grille/moteur';
import type { ClePoint, EntreeAopPoint, PointGrille, SaisiePoint } from '../grille/types';
import { TextareaRapport } from '../composants/ChampsRapport';
import { ChoixConformite } from './ChoixConformite';
import { ConfirmationValeur } from './ConfirmationValeur';
import { libelleColonneGravite, OPTIONS_GRAVITE, OPTIONS_SEUIL } from './libelles';

export interface ActionsPoint {
  onSaisie: (cle: ClePoint, patch: Partial<SaisiePoint>) => void;
  onDetail: (cle: ClePoint) => void;
}

interface Props extends ActionsPoint {
  point: PointGrille;
  entree: EntreeAopPoint;
  graviteColLabel?: string | null;
  /** The unit of the linked exploitation line, cited by the verdict. */
  unite?: string | null;
  /** Shown when the visit holds several labels. */
  afficherAop: boolean;
}

/** The choice the thresholds exclude, by the verdict they give (constants: props kept equal). */
const EXCLUES = { C: ['NC'], NC: ['C'] } as const;
const AUCUNE: readonly Conformite[] = [];
const LES_DEUX: readonly Conformite[] = ['C', 'NC'];

interface PropsChamp {
  pointId: string;
  aopIgpId: string;
  code: string;
}

/**
 * The entry's observation, memoised on its text: a keystroke in the value (or a verdict it
 * changes) does not re-render it. An autosized textarea measures itself after every render
 * (computed style, then the height of a hidden copy): a synchronous layout of the whole 150-point
 * page inside the keystroke, before its verdict shows (issue 29 item 5).
 */
const Observation = memo(function Observation({
  pointId,
  aopIgpId,
  code,
  observation,
  onSaisie,
}: PropsChamp & { observation: string | null | undefined; onSaisie: ActionsPoint['onSaisie'] }) {
  return (
    <TextareaRapport
      style={{ flex: '1 1 260px', minWidth: 220 }}
      size="md"
      aria-label={`Observation ${code}`}
      placeholder="Observation"
      inputMode="text"
      autosize
      minRows={1}
      maxRows={8}
      value={observation ?? ''}
      onValeur={(v) => onSaisie({ pointId, aopIgpId }, { observation: v })}
    />
  );
});

/** The shortcoming's detail button, memoised: its tooltip re-renders only when NC flips. */
const BoutonDetail = memo(function BoutonDetail({
  pointId,
  aopIgpId,
  code,
  nc,
  onDetail,
}: PropsChamp & { nc: boolean; onDetail: ActionsPoint['onDetail'] }) {
  return (
    <Tooltip label="Détail du manquement">
      <ActionIcon
        size={44}
        variant="light"
        disabled={!nc}
        onClick={() => onDetail({ pointId, aopIgpId })}
        aria-label={`Détail du manquement ${code}`}
      >
        <IconArrowsMaximize size={20} />
      </ActionIcon>
    </Tooltip>
  );
});

/**
 * One AOP-IGP entry of a control point. Memoised on the entry object: the engine keeps entries
 * it did not touch by reference, so a keystroke re-renders this entry only.
 */
export const EntreePoint = memo(function EntreePoint({
  point,
  entree,
  graviteColLabel,
  unite,
  afficherAop,
  onSaisie,
  onDetail,
}: Props) {
  const cle = { pointId: point.id, aopIgpId: entree.aopIgpId };
  const { conformite, valeur, observation, gravite } = entree.saisie;
  const nc = conformite === 'NC';
  const testId = `${point.code}-${entree.aopIgpId}`;
  const constat = point.source === 'CONSTAT';
  const illisible = !constat && lireValeurExploitation(valeur) === 'invalide';
  // A typed value out of its quantity's plausible range (not a computed one) asks to be confirmed.
  const invraisemblable =
    constat || entree.exploitationCode
      ? null
      : confirmationVraisemblance(valeur, plageVraisemblable(point.libelle, unite));
  // The thresholds judge a typed value: their verdict is the point's (the server refuses any
  // other); SO and NO stay the controller's to choose.
  const impose = verdictDesSeuils(point.source, entree);
  const exclues = !impose
    ? AUCUNE
    : impose.conformite === 'C' || impose.conformite === 'NC'
      ? EXCLUES[impose.conformite]
      : LES_DEUX;
  // Stable while the value is typed: the memoised choice re-renders only when the verdict moves.
  const { id: pointId } = point;
  const { aopIgpId } = entree;
  const choisir = useCallback(
    (v: Conformite) => onSaisie({ pointId, aopIgpId }, { conformite: v }),
    [onSaisie, pointId, aopIgpId],
  );
  const options: { value: Severite; label: string }[] = entree.migre
    ? OPTIONS_SEUIL
    : OPTIONS_GRAVITE;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap" data-testid={`entree-${testId}`}>
      {afficherAop && (
        <Text size="sm" w={90} pt={10} fw={500}>
          {entree.aopIgpLibelle}
        </Text>
      )}
      <ChoixConformite
        valeur={conformite}
        onChange={choisir}
        libelle={`Conformité ${point.code}`}
        exclues={exclues}
        data-testid={`conformite-${testId}`}
      />
      <div style={constat ? { flex: '1 1 240px', minWidth: 200 } : { width: 170 }}>
        {constat ? (
          // A written finding: text keyboard, as wide as the row allows, growing with the text.
          <TextareaRapport
            aria-label={`Constat ${point.code} ${entree.aopIgpLibelle}`}
            value={valeur ?? ''}
            onValeur={(v) => onSaisie(cle, { valeur: v })}
            inputMode="text"
            size="md"
            autosize
            minRows={1}
            maxRows={6}
            placeholder="Constat"
            data-testid={`valeur-${testId}`}
          />
        ) : (
          <TextInput
            aria-label={`Valeur ${point.code} ${entree.aopIgpLibelle}`}
            value={valeur ?? ''}
            onChange={(e) => onSaisie(cle, { valeur: e.currentTarget.value })}
            inputMode="decimal"
            size="md"
            readOnly={!!entree.exploitationCode}
            variant={entree.exploitationCode ? 'filled' : 'default'}
            placeholder="Valeur"
            // Kept as typed, with the spec's message: an unreadable value judges nothing.
            error={illisible ? MESSAGES_GRILLE.valeurExploitation : undefined}
            data-testid={`valeur-${testId}`}
          />
        )}
        <ConfirmationValeur id={testId} valeur={valeur} message={invraisemblable} />
        <Text size="xs" c={nc ? 'red' : 'dimmed'} mt={2} data-testid={`verdict-${testId}`}>
          {explicationEntree(point.source, entree, unite) ?? ''}
        </Text>
      </div>
      <Observation
        pointId={point.id}
        aopIgpId={entree.aopIgpId}
        code={point.code}
        observation={observation}
        onSaisie={onSaisie}
      />
      {nc && (
        // A native list: it mounts in a blink when an auto-evaluated value turns the entry NC
        // (Mantine's Select brought a popover and its positioning into the keystroke), and a
        // tablet opens its own touch picker.
        <NativeSelect
          w={130}
          size="md"
          aria-label={libelleColonneGravite(entree.migre, graviteColLabel)}
          data={[
            {
              value: '',
              label: libelleColonneGravite(entree.migre, graviteColLabel),
              disabled: true,
            },
            ...options,
          ]}
          value={gravite ?? ''}
          disabled={impose?.conformite === 'NC'}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onSaisie(cle, { gravite: options.find((o) => o.value === v)?.value ?? null });
          }}
          error={!gravite}
          data-testid={`gravite-${testId}`}
        />
      )}
      <BoutonDetail
        pointId={point.id}
        aopIgpId={entree.aopIgpId}
        code={point.code}
        nc={nc}
        onDetail={onDetail}
      />
    </Group>
  );
});
