/**
 * Signature-like PNG images for fixtures, tests and the benchmark, drawn in code so the repository
 * holds no binary and each signer gets a distinct stroke. Pure TypeScript (no zlib, no canvas):
 * it runs in Node and in the browser alike.
 */

const TABLE_CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(octets: Uint8Array): number {
  let c = 0xffffffff;
  for (const o of octets) c = (TABLE_CRC[(c ^ o) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function bloc(type: string, donnees: Uint8Array): number[] {
  const corps = new Uint8Array(4 + donnees.length);
  corps.set(Array.from(type, (c) => c.charCodeAt(0)));
  corps.set(donnees, 4);
  return [...u32(donnees.length), ...corps, ...u32(crc32(corps))];
}

/**
 * A zlib stream of 'stored' (uncompressed) deflate blocks: larger than real compression, but a
 * few kilobytes for a 400×100 image and twenty lines instead of a deflate implementation.
 */
function zlibStocke(brut: Uint8Array): Uint8Array {
  const sortie: number[] = [0x78, 0x01];
  for (let i = 0; i < brut.length || i === 0; i += 0xffff) {
    const morceau = brut.subarray(i, i + 0xffff);
    const dernier = i + 0xffff >= brut.length ? 1 : 0;
    sortie.push(
      dernier,
      morceau.length & 0xff,
      morceau.length >>> 8,
      ~morceau.length & 0xff,
      (~morceau.length >>> 8) & 0xff,
    );
    for (const o of morceau) sortie.push(o);
  }
  let a = 1;
  let b = 0;
  for (const o of brut) {
    a = (a + o) % 65521;
    b = (b + a) % 65521;
  }
  sortie.push(...u32(((b << 16) | a) >>> 0));
  return new Uint8Array(sortie);
}

/** Grayscale + alpha pixels as a PNG data URL. */
function png(largeur: number, hauteur: number, alpha: Uint8Array): string {
  const lignes = new Uint8Array(hauteur * (1 + largeur * 2));
  for (let y = 0; y < hauteur; y++) {
    const debut = y * (1 + largeur * 2); // filter byte 0 ('None') then the row's pixels
    for (let x = 0; x < largeur; x++) {
      lignes[debut + 1 + x * 2] = 0x1a; // dark ink
      lignes[debut + 2 + x * 2] = alpha[y * largeur + x] ?? 0;
    }
  }
  const ihdr = new Uint8Array([...u32(largeur), ...u32(hauteur), 8, 4, 0, 0, 0]);
  const octets = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...bloc('IHDR', ihdr),
    ...bloc('IDAT', zlibStocke(lignes)),
    ...bloc('IEND', new Uint8Array()),
  ]);
  let binaire = '';
  for (const o of octets) binaire += String.fromCharCode(o);
  return `data:image/png;base64,${btoa(binaire)}`;
}

/**
 * A handwritten-looking stroke: a cursive line of loops (a point circling while it moves right),
 * whose number, height and slant derive from the signer's name, then an underline flourish.
 * Drawn as 3-pixel dots close enough to read as one pen stroke.
 */
export function signatureFictive(nom: string, largeur = 200, hauteur = 100): string {
  let graine = 7;
  for (const c of nom) graine = (graine * 31 + c.charCodeAt(0)) % 10007;
  const boucles = 4 + (graine % 4);
  const alpha = new Uint8Array(largeur * hauteur);
  const point = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px >= 0 && px < largeur && py >= 0 && py < hauteur) alpha[py * largeur + px] = 255;
      }
  };
  const debut = largeur * 0.1;
  const fin = largeur * 0.85;
  const pas = (fin - debut) / boucles;
  for (let t = 0; t <= 1; t += 1 / (largeur * 20)) {
    const angle = t * boucles * 2 * Math.PI;
    // Loops shrink along the name, as a signature's letters do after the capital.
    const ampleur = hauteur * (0.3 - 0.15 * t) * (1 + 0.25 * Math.sin(graine + t * 9));
    const x = debut + t * (fin - debut) - Math.sin(angle) * pas * 0.55 + ampleur * 0.2;
    const y = hauteur * 0.55 - (1 - Math.cos(angle)) * ampleur * 0.9 + t * hauteur * 0.1;
    point(x, y);
  }
  for (let t = 0; t <= 1; t += 1 / (largeur * 4)) {
    point(
      largeur * (0.15 + 0.75 * t),
      hauteur * (0.78 - 0.08 * t) + Math.sin(t * Math.PI) * hauteur * 0.05,
    );
  }
  return png(largeur, hauteur, alpha);
}
