import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixturePlusieursManquements } from './fixtures';
import { genererPdfAvecPages } from './node';
import { lirePdf } from './outilsPdf';
import type { RapportPayload } from './payload';
import { LEGENDE_CONFORMITE } from './sections/points';

const aplatir = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Renders for real (pdfmake in Node) and reads back with poppler. */
async function rendre(payload: RapportPayload) {
  const { pdf, pages } = await genererPdfAvecPages(payload);
  const lu = lirePdf(pdf);
  return { pages, lu, texte: lu.textePages.join(' ') };
}

describe.each(Object.entries(FIXTURES))('rapport %s', (_nom, fixture) => {
  const payload = fixture();
  let rendu: Awaited<ReturnType<typeof rendre>>;
  // One rendering per fixture, read by every test below.
  beforeAll(async () => {
    rendu = await rendre(payload);
  });

  it('reports the page count poppler counts', async () => {
    const { pages, lu } = rendu;
    expect(lu.pages).toBeGreaterThan(0);
    expect(pages).toBe(lu.pages);
  });

  it("prints 'Page x/n' and the report number on every page", async () => {
    const { lu } = rendu;
    lu.textePages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1}/${lu.pages}`);
      expect(page).toContain(payload.numeroRapport);
    });
  });

  it('prints every shortcoming row, or says there is none', async () => {
    const { texte } = rendu;
    if (payload.manquements.length === 0) expect(texte).toContain('Aucun manquement');
    for (const m of payload.manquements) {
      expect(texte).toContain(m.code);
      expect(texte).toContain(aplatir(m.libelle));
      expect(texte).toContain(m.gravite);
    }
  });

  it("prints the conformity legend and the signers' names", async () => {
    const { texte } = rendu;
    expect(texte).toContain(LEGENDE_CONFORMITE);
    expect(texte).toContain(`${payload.auditeur.prenom} ${payload.auditeur.nom}`);
    for (const s of payload.synthese.audite.signatures.rapport) expect(texte).toContain(s.name);
  });

  it("states the real page count in the audited party's declaration", async () => {
    const { lu, texte } = rendu;
    const declaration =
      lu.pages === 1
        ? "L'audité déclare avoir pris connaissance de l'unique page du présent rapport."
        : `L'audité déclare avoir pris connaissance de l'intégralité des ${lu.pages} pages du présent rapport.`;
    expect(texte).toContain(declaration);
  });
});

describe('rapport: label-specific wording and footer', () => {
  it("titles the severity column with a migrated label's own word and prints its thresholds", async () => {
    const { texte } = await rendre(FIXTURES.migre());
    expect(texte).toContain('Saint-Nectaire');
    expect(texte).toMatch(/Valeur Seuil/);
    expect(texte).toContain('Seuil 2');
    expect(texte).not.toContain('Gravité');
  });

  it('runs a large report over several pages', async () => {
    const { lu } = await rendre(FIXTURES.volumineuse());
    expect(lu.pages).toBeGreaterThanOrEqual(3);
  });

  it('prints the first 12 characters of the fingerprint in every footer, and none in a preview', async () => {
    const final = { ...fixturePlusieursManquements(), empreinte: '9f86d081884c7d659a2feaa0' };
    const { lu } = await rendre(final);
    for (const page of lu.textePages) expect(page).toContain('Empreinte 9f86d081884c');
    expect(lu.textePages.join(' ')).not.toContain('9f86d081884c7');
    const apercu = await rendre(fixturePlusieursManquements());
    expect(apercu.texte).not.toContain('Empreinte');
  });
});
