import { memo, useId } from 'react';
import type { Conformite } from '@estive/domain';
import { CONFORMITES_SAISIE } from './libelles';
import classes from './ChoixConformite.module.css';

interface Props {
  valeur: Conformite | null;
  onChange: (conformite: Conformite) => void;
  libelle: string;
  /** Choices not offered: C or NC where the point's thresholds give the other. */
  exclues?: readonly Conformite[];
  'data-testid'?: string;
}

/** The fill of the chosen conformity, as the segmented control had it. */
const COULEURS: Record<Conformite, string> = {
  C: 'var(--mantine-color-green-filled)',
  NC: 'var(--mantine-color-red-filled)',
  SO: 'var(--mantine-color-blue-filled)',
  NO: 'var(--mantine-color-blue-filled)',
};

/**
 * C / SO / NO / NC as native radios styled as segments. Mantine's SegmentedControl measured the
 * page (getBoundingClientRect, getComputedStyle: a forced layout of the whole 150-row tab) each
 * time the choice moved, i.e. inside the keystroke whose value turns an entry C or NC, and set two
 * ResizeObservers per row; plain CSS shows the same choice with no measuring.
 */
export const ChoixConformite = memo(function ChoixConformite({
  valeur,
  onChange,
  libelle,
  exclues = [],
  'data-testid': testId,
}: Props) {
  const nom = useId();
  return (
    <div role="radiogroup" aria-label={libelle} className={classes.groupe} data-testid={testId}>
      {CONFORMITES_SAISIE.map(({ value, label }) => (
        <label
          key={value}
          className={classes.segment}
          data-actif={valeur === value || undefined}
          style={{ '--couleur': COULEURS[value] }}
        >
          <input
            type="radio"
            className={classes.radio}
            name={nom}
            value={value}
            checked={valeur === value}
            disabled={exclues.includes(value)}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </div>
  );
});
