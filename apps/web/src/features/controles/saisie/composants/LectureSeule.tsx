import type { ReactNode } from 'react';

/**
 * Read-only by the browser itself: a disabled fieldset disables every input, select, textarea
 * and button inside it, however deep, so no field of a locked step can slip through.
 */
export function LectureSeule({ actif, children }: { actif: boolean; children: ReactNode }) {
  return (
    <fieldset
      disabled={actif}
      data-lecture-seule={actif ? '' : undefined}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}
