import { useState, type DragEvent } from 'react';

/** Moves the item at `de` to `vers` (a new array). */
export function deplacer<T>(liste: readonly T[], de: number, vers: number): T[] {
  const copie = [...liste];
  const [x] = copie.splice(de, 1);
  if (x === undefined) return copie;
  copie.splice(vers, 0, x);
  return copie;
}

/**
 * Drag and drop of table rows with the browser's own events (no library for a few lines): the
 * row dragged over another takes its place on drop. `surOrdre` receives the new order of ids.
 */
export function useGlisserDeposer(ids: readonly string[], surOrdre: (ids: string[]) => void) {
  const [tire, setTire] = useState<string | null>(null);
  return (id: string) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', id);
      setTire(id);
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const source = tire ?? e.dataTransfer.getData('text/plain');
      setTire(null);
      const de = ids.indexOf(source);
      const vers = ids.indexOf(id);
      if (de < 0 || vers < 0 || de === vers) return;
      surOrdre(deplacer(ids, de, vers));
    },
    onDragEnd: () => setTire(null),
    'data-glisse': tire === id ? 'oui' : undefined,
  });
}
