import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';

/** Characters beyond which a cell's text is folded: two lines of the column's width. */
const LONGUEUR_REPLIEE = 80;

/**
 * A long free text in a table cell (a 2,520-character comment made a 4,384 px row at 1280):
 * two lines and "voir plus", which unfolds it in place without opening the row.
 */
export function TexteReplie({
  texte,
  largeur = { min: 140, max: 240 },
  longueur = LONGUEUR_REPLIEE,
}: {
  texte: string | null;
  /** The cell's width bounds in px (narrower where several texts share one column). */
  largeur?: { min: number; max: number };
  /** Characters beyond which the text is folded (fewer in a narrower cell). */
  longueur?: number;
}) {
  const [ouvert, setOuvert] = useState(false);
  if (!texte) return null;
  const long = texte.length > longueur;
  return (
    <div style={{ maxWidth: largeur.max, minWidth: largeur.min }}>
      <Text
        size="sm"
        lineClamp={ouvert || !long ? undefined : 2}
        style={{ wordBreak: 'break-word' }}
      >
        {texte}
      </Text>
      {long ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-expanded={ouvert}
          onClick={(e) => {
            // The row opens the shortcoming on click: this button only unfolds its text.
            e.stopPropagation();
            setOuvert(!ouvert);
          }}
        >
          {ouvert ? 'voir moins' : 'voir plus'}
        </Anchor>
      ) : null}
    </div>
  );
}
