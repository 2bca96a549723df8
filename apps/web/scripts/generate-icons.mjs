// Generates the PWA icons (apps/web/public/icons) without any image dependency: each pixel of the
// mark is computed from simple shapes, supersampled 4×4 for smooth edges, and written as a PNG
// with node:zlib. Run: node apps/web/scripts/generate-icons.mjs (the PNGs are committed).
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];

const FOND = [47, 107, 79]; // alpine green, the theme colour #2f6b4f
const MONTAGNE = [226, 238, 229];
const NEIGE = [255, 255, 255];
const MEULE = [240, 196, 84];
const CROUTE = [196, 140, 44];

/** Is (x, y) inside the triangle a, b, c? */
function dansTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by);
  const d2 = s(x, y, bx, by, cx, cy);
  const d3 = s(x, y, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/**
 * Colour of a point of the mark in unit coordinates (0..1), or null for the background. `k`
 * shrinks the mark towards the centre: maskable icons keep it within the 80 % safe zone.
 */
function couleur(u, v, k) {
  const x = 0.5 + (u - 0.5) / k;
  const y = 0.5 + (v - 0.5) / k;
  // Cheese wheel seen from the side, front right, with a wedge cut out.
  const cx = 0.64,
    cy = 0.7,
    rx = 0.22,
    ry = 0.13;
  const dx = (x - cx) / rx,
    dy = (y - cy) / ry;
  const angle = Math.atan2(dy, dx);
  const coupe = angle > -0.9 && angle < -0.15;
  if (dx * dx + dy * dy <= 1 && !coupe) return dx * dx + dy * dy > 0.72 ? CROUTE : MEULE;
  // Two peaks, the higher one snow-capped.
  const sommet = [0.42, 0.2],
    gauche = [0.08, 0.78],
    droite = [0.78, 0.78];
  if (dansTriangle(x, y, sommet, [0.33, 0.33], [0.51, 0.33])) return NEIGE;
  if (dansTriangle(x, y, sommet, gauche, droite)) return MONTAGNE;
  if (dansTriangle(x, y, [0.7, 0.36], [0.5, 0.78], [0.94, 0.78])) return [196, 218, 203];
  return null;
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A square RGBA PNG; `arrondi` gives the background rounded corners (radius as a fraction). */
function png(size, { k, arrondi }) {
  const SS = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const u = (px + (sx + 0.5) / SS) / size;
          const v = (py + (sy + 0.5) / SS) / size;
          if (arrondi > 0) {
            const qx = Math.max(arrondi - u, 0, u - (1 - arrondi));
            const qy = Math.max(arrondi - v, 0, v - (1 - arrondi));
            if (qx * qx + qy * qy > arrondi * arrondi) continue;
          }
          const c = couleur(u, v, k) ?? FOND;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = SS * SS;
      const o = py * (size * 4 + 1) + 1 + px * 4;
      const couvert = a / 255;
      raw[o] = couvert ? Math.round(r / couvert) : 0;
      raw[o + 1] = couvert ? Math.round(g / couvert) : 0;
      raw[o + 2] = couvert ? Math.round(b / couvert) : 0;
      raw[o + 3] = Math.round(a / n);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const size of SIZES) {
  writeFileSync(path.join(OUT, `icon-${size}.png`), png(size, { k: 1, arrondi: 0.18 }));
}
// Maskable: full-bleed background, the mark within the safe zone (launchers crop to any shape).
writeFileSync(path.join(OUT, 'maskable-512.png'), png(512, { k: 0.72, arrondi: 0 }));
writeFileSync(path.join(OUT, 'maskable-192.png'), png(192, { k: 0.72, arrondi: 0 }));
writeFileSync(path.join(OUT, 'apple-touch-icon-180.png'), png(180, { k: 0.9, arrondi: 0 }));
console.log(`Icônes écrites dans ${OUT}`);
