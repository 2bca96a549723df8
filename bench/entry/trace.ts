/**
 * A Chrome trace of the page's main thread, summed by event kind: style recalculation, layout,
 * paint, script, garbage collection. Used by bench/entry (TRACE=1) to tell a keystroke's frame
 * work from its script.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

interface Evenement {
  name: string;
  ts?: number;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

// CDP's types give trace events as string maps: each is checked for the fields read here.
function estEvenement(e: unknown): e is Evenement {
  return (
    typeof e === 'object' &&
    e !== null &&
    'name' in e &&
    typeof e.name === 'string' &&
    'ph' in e &&
    typeof e.ph === 'string' &&
    'tid' in e &&
    typeof e.tid === 'number' &&
    'pid' in e &&
    typeof e.pid === 'number'
  );
}

/** What the main thread did, by event name (top-level kinds only), in ms over the trace. */
function resumer(evenements: Evenement[]): string {
  const principal = evenements.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!principal) return 'trace : fil principal introuvable';
  const parNom = new Map<string, number>();
  for (const e of evenements) {
    if (e.tid !== principal.tid || e.pid !== principal.pid || e.ph !== 'X' || !e.dur) continue;
    parNom.set(e.name, (parNom.get(e.name) ?? 0) + e.dur / 1000);
  }
  const lignes = [...parNom]
    .filter(([nom]) =>
      /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit|FunctionCall|EventDispatch|RunMicrotasks|TimerFire|FireAnimationFrame|V8\.GC.*|MajorGC|MinorGC|ParseHTML|HitTest|ScheduleStyleRecalculation|UpdateLayerTree|RunTask|ThreadControllerImpl::RunTask)$/.test(
        nom,
      ),
    )
    .sort((a, b) => b[1] - a[1])
    .map(([nom, ms]) => `    ${nom.padEnd(32)} ${ms.toFixed(1)} ms`);
  return [
    '  Trace du fil principal (somme des durées, événements imbriqués comptés chacun) :',
    ...lignes,
  ].join('\n');
}

/**
 * Starts tracing; the returned function stops it and gives the summary. `fichier`: the raw
 * events are also written there (a JSON array DevTools' Performance panel opens).
 */
export async function demarrerTrace(
  cdp: CDPSession,
  fichier?: string,
): Promise<() => Promise<string>> {
  const evenements: Evenement[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const e of value) if (estEvenement(e)) evenements.push(e);
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline,__metadata',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const fini = new Promise<void>((ok) => cdp.once('Tracing.tracingComplete', () => ok()));
    await cdp.send('Tracing.end');
    await fini;
    if (fichier) writeFileSync(fichier, JSON.stringify(evenements));
    return resumer(evenements);
  };
}
