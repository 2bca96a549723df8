/**
 * The draw of the control pressure (`prepare-tirage`): reproducible from its seed, so that an
 * auditor of the ODG, given the recorded seed and candidate list, gets the same operators. The
 * generator is written out (cyrb128 to seed sfc32, both public-domain and short) because the draw
 * must give the same result on every engine and version; Math.random cannot be seeded.
 */
function cyrb128(texte: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < texte.length; i++) {
    const k = texte.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator of floats in [0, 1) from a seed text. */
export function generateurGraine(graine: string): () => number {
  let [a, b, c, d] = cyrb128(graine);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * Draws `nombre` of the candidates (all of them if fewer), by a partial Fisher-Yates shuffle of
 * the list in the order given. The same seed and list always give the same draw, in order.
 */
export function tirerAuSort<T>(candidats: readonly T[], graine: string, nombre: number): T[] {
  const suivant = generateurGraine(graine);
  const pool = [...candidats];
  const n = Math.min(Math.max(0, Math.floor(nombre)), pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(suivant() * (pool.length - i));
    const a = pool.at(i);
    const b = pool.at(j);
    if (a === undefined || b === undefined) break;
    pool[i] = b;
    pool[j] = a;
  }
  return pool.slice(0, n);
}
