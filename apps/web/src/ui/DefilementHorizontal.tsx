import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen scrolls inside its own box, never the page (390 px: issue 32
 * item 7). The box takes the keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1,
 * axe 'scrollable-region-focusable'), and is named after what it holds.
 */
export function DefilementHorizontal({
  libelle,
  children,
}: {
  libelle: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={libelle}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      {children}
    </div>
  );
}
