import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureMaximale, jetons, texteMaximal } from './fixtureMaximale';
import { fixturePlusieursManquements } from './fixtures';
import { genererPdfAvecPages } from './node';
import { lirePdf, type PdfLu } from './outilsPdf';

/**
 * Every token of `cle`'s text, in order, in the PDF's text: no word of the field was dropped or
 * moved. Searching from the last token found proves the order.
 */
function attendreJetons(texte: string, valeur: string, cle: string) {
  const attendus = jetons(valeur, cle);
  expect(attendus.length).toBeGreaterThan(150);
  let depuis = 0;
  for (const j of attendus) {
    // A token is followed by a space, so 'x·1' does not match inside 'x·12'.
    const at = texte.indexOf(`${j} `, depuis);
    expect(at, `${j} absent du PDF (ou hors d'ordre)`).toBeGreaterThanOrEqual(0);
    depuis = at + j.length;
  }
}

describe('rapport: the largest realistic entry (150 points, 40 shortcomings, 5,000-character texts)', () => {
  const payload = fixtureMaximale();
  let lu: PdfLu;
  let pages: number;
  let texte: string;
  // One layout and one render (issue 29 item 5: two of each, and the first render wasted, took
  // 49 s), then pdftotext page by page: about 10 s idle; two minutes leave a loaded machine room.
  beforeAll(async () => {
    const rendu = await genererPdfAvecPages(payload);
    lu = lirePdf(rendu.pdf);
    pages = rendu.pages;
    texte = `${lu.textePages.join(' ')} `;
  }, 120_000);

  it('prints every category and every control point', () => {
    expect(payload.categories.flatMap((c) => c.points)).toHaveLength(150);
    for (const c of payload.categories) {
      expect(texte).toContain(`${c.code ?? ''} — ${c.libelle}`);
      for (const p of c.points) expect(texte).toContain(p.libelle);
    }
  });

  it('prints the whole observation of every point, in order', () => {
    for (const p of payload.categories.flatMap((c) => c.points)) {
      expect(p.observation).toHaveLength(5000);
      attendreJetons(texte, p.observation, `O${p.code}`);
    }
  });

  it("prints every shortcoming with both parties' words and both measures in full", () => {
    expect(payload.manquements).toHaveLength(40);
    for (const m of payload.manquements) {
      expect(texte).toContain(m.libelle);
      attendreJetons(texte, m.informationsAuditeur, `A${m.code}`);
      attendreJetons(texte, m.informationsAudite, `B${m.code}`);
      attendreJetons(texte, m.mesureCorrective, `C${m.code}`);
      attendreJetons(texte, m.mesureCorrectrice, `D${m.code}`);
      expect(texte).toContain(m.delaiCorrective);
      expect(texte).toContain(m.delaiCorrectrice);
    }
  });

  it("prints both general observations and every signer's name", () => {
    attendreJetons(texte, payload.synthese.auditeur.observation, 'AUDITEUR');
    attendreJetons(texte, payload.synthese.audite.observation, 'AUDITE');
    expect(texte).toContain("Signature de l'auditeur : Claire Girardot");
    for (const s of payload.synthese.audite.signatures.rapport) expect(texte).toContain(s.name);
    expect(texte).toContain("Signature de l'audité — plan de progrès");
    expect(texte).toContain(`fin du rapport ${payload.numeroRapport}`);
  });

  it("numbers every page 'Page x/n' and states the real n in the declaration", () => {
    expect(pages).toBe(lu.pages);
    lu.textePages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1}/${lu.pages}`);
    });
    expect(texte).toContain(
      `L'audité déclare avoir pris connaissance de l'intégralité des ${lu.pages} pages du présent rapport.`,
    );
  });
});

describe('rapport: a long observation keeps its category (issue 12)', () => {
  it('prints every category when one point has a 2,000-character observation', async () => {
    const p = fixturePlusieursManquements();
    const point = p.categories[1]?.points[0];
    if (!point) throw new Error('fixture sans point');
    point.observation = Array.from({ length: 200 }, (_, i) => `mot${i}`)
      .join(' ')
      .padEnd(2000, ' x');
    const { pdf } = await genererPdfAvecPages(p);
    const texte = lirePdf(pdf).textePages.join(' ');
    for (const c of p.categories) expect(texte).toContain(c.libelle);
    for (const pt of p.categories.flatMap((c) => c.points)) expect(texte).toContain(pt.code);
    expect(texte).toContain('mot0 mot1');
    expect(texte).toContain('mot199');
  });

  it('prints a 5,000-character constat, shortcoming value, exploitation value and delay in full, with every category', async () => {
    const p = fixturePlusieursManquements();
    const point = p.categories[0]?.points[0];
    const manquement = p.manquements[0];
    const ligne = p.sysExp.find((g) => !g.ignore)?.points[0];
    if (!point || !manquement || !ligne) throw new Error('fixture trop courte');
    point.valeur = texteMaximal('CONSTAT');
    manquement.valeur = texteMaximal('VALEUR');
    ligne.valeur = texteMaximal('EXPLOITATION');
    manquement.delaiCorrective = texteMaximal('DELAI1');
    manquement.delaiCorrectrice = texteMaximal('DELAI2');
    const { pdf, pages } = await genererPdfAvecPages(p);
    const lu = lirePdf(pdf);
    const texte = `${lu.textePages.join(' ')} `;
    for (const c of p.categories) expect(texte).toContain(c.libelle);
    for (const pt of p.categories.flatMap((c) => c.points)) expect(texte).toContain(pt.code);
    for (const g of p.sysExp) expect(texte).toContain(g.libelle);
    attendreJetons(texte, point.valeur, 'CONSTAT');
    attendreJetons(texte, manquement.valeur, 'VALEUR');
    attendreJetons(texte, ligne.valeur, 'EXPLOITATION');
    attendreJetons(texte, manquement.delaiCorrective, 'DELAI1');
    attendreJetons(texte, manquement.delaiCorrectrice, 'DELAI2');
    expect(pages).toBe(lu.pages);
    expect(texte).toContain(`intégralité des ${lu.pages} pages du présent rapport`);
    expect(texte).toContain(`fin du rapport ${p.numeroRapport}`);
  });

  it('prints hostile texts visibly: 5,000 line breaks, one 5,000-character word, NUL and lone surrogates', async () => {
    const p = fixturePlusieursManquements();
    const [a, b, c] = p.categories.flatMap((x) => x.points);
    if (!a || !b || !c) throw new Error('fixture trop courte');
    a.observation = `debut-sauts${'\n'.repeat(5000)}fin-sauts`;
    b.observation = 'Z'.repeat(5000);
    c.observation = `avant\u0000nul \uD800seul apres`;
    const { pdf, pages } = await genererPdfAvecPages(p);
    const lu = lirePdf(pdf);
    const texte = lu.textePages.join('');
    expect(pages).toBe(lu.pages);
    expect(texte).toContain('debut-sauts');
    expect(texte).toContain('fin-sauts');
    expect(texte.replace(/[^Z]/g, '').length).toBeGreaterThanOrEqual(5000);
    expect(texte).toContain('avant?nul ?seul apres');
  });
});
