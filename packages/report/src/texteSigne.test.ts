import { describe, expect, it } from 'vitest';
import { declarationPages, refusTexteRapport } from '@estive/domain';
import { fixturePlusieursManquements } from './fixtures';
import { compterPagesRapport, genererPdfAvecPages } from './node';
import { lirePdf } from './outilsPdf';
import type { RapportPayload } from './payload';

/**
 * Issue 27 item 5, 'the signed text is the typed text': what a field accepts is printed, every
 * character (pdftotext reads it back), or the field refused it with its message; and the page
 * count the audited party declares is the signed PDF's.
 */

const SYMBOLES = ['🐄', '🧀', '👍🏽', '❤️', '🇫🇷', '👨‍👩‍👧', '✓', '★', '⚠️', '→', '≤', '€', '°C', '½'];

/** A 3,000-character typed text of unique words, each with an emoji or symbol and some `<b>`. */
function texteType(cle: string): string {
  let t = '';
  for (let i = 0; t.length < 3000; i++) {
    t += `${cle}${i}${SYMBOLES[i % SYMBOLES.length] ?? ''}${i % 7 === 0 ? '<b>' : ''} `;
  }
  return t.slice(0, 3000).replace(/\S*$/, '').trimEnd();
}

/** What a report field holds after typing `saisi`: the text, or the previous value if refused. */
function taper(precedent: string, saisi: string): { valeur: string; refus: string | null } {
  const refus = refusTexteRapport(saisi);
  return { valeur: refus === null ? saisi : precedent, refus };
}

const sansBlancs = (s: string) => s.replace(/\s+/g, '');

/** Every word of `texte`, in order, in the PDF's text (whitespace aside: lines wrap anywhere). */
function attendreMots(pdf: string, texte: string) {
  let depuis = 0;
  for (const mot of texte.split(/\s+/).filter(Boolean)) {
    const at = pdf.indexOf(mot, depuis);
    expect(at, `${mot} absent du PDF (ou hors d'ordre)`).toBeGreaterThanOrEqual(0);
    depuis = at + mot.length;
  }
}

describe('texte signé: every typed character is printed or refused at typing', () => {
  it('refuses right-to-left marks and overrides with a French message, keeping the previous value', () => {
    const avecMarque = `${texteType('R').slice(0, 2000)} \u200Fmarque \u202Einversé`;
    const { valeur, refus } = taper('avant', avecMarque);
    expect(valeur).toBe('avant');
    expect(refus).toBe(
      'Le rapport ne peut pas imprimer un caractère invisible (U+200F), un caractère invisible (U+202E) : saisie refusée, retirez ces caractères.',
    );
  });

  it('prints 3,000-character texts with emoji, symbols and <b> literally in every typed field', async () => {
    const p: RapportPayload = fixturePlusieursManquements();
    const champs: Record<string, string> = {};
    const saisir = (cle: string, ecrire: (v: string) => void) => {
      const { valeur, refus } = taper('', texteType(cle));
      expect(refus, cle).toBeNull();
      champs[cle] = valeur;
      ecrire(valeur);
    };
    p.categories
      .flatMap((c) => c.points)
      .slice(0, 2)
      .forEach((pt, i) => {
        saisir(`obs${i}x`, (v) => (pt.observation = v));
      });
    const m = p.manquements[0];
    if (!m) throw new Error('fixture sans manquement');
    saisir('infA', (v) => (m.informationsAuditeur = v));
    saisir('infB', (v) => (m.informationsAudite = v));
    saisir('mesC', (v) => (m.mesureCorrective = v));
    saisir('mesD', (v) => (m.mesureCorrectrice = v));
    saisir('synA', (v) => (p.synthese.auditeur.observation = v));
    saisir('synB', (v) => (p.synthese.audite.observation = v));
    const signataire = p.synthese.audite.signatures.rapport[0];
    if (!signataire) throw new Error('fixture sans signataire');
    // A signer's first and last names: 100 characters each at most (the dialog's limit).
    expect(refusTexteRapport(texteType('nom'), 100)).toBe(
      '100 caractères au plus : saisie refusée.',
    );
    const prenom = taper('', texteType('pre').slice(0, 100).trimEnd());
    const nom = taper('', texteType('nom').slice(0, 100).trimEnd());
    expect([prenom.refus, nom.refus]).toEqual([null, null]);
    champs.prenom = prenom.valeur;
    champs.nom = nom.valeur;
    signataire.name = `${prenom.valeur} ${nom.valeur}`;
    // Contact fields: a phone keeps digits only (its validator), the mail is checked by this rule.
    expect(refusTexteRapport('élevage🐄@exemple.fr')).toBeNull();
    p.audite.mail = 'élevage🐄@exemple.fr';

    const { pdf, pages } = await genererPdfAvecPages(p);
    const lu = lirePdf(pdf, 'texte-signe.pdf');
    expect(pages).toBe(lu.pages);
    const texte = sansBlancs(lu.textePages.join(''));
    for (const [cle, valeur] of Object.entries(champs)) {
      expect(valeur.length, cle).toBeGreaterThan(cle === 'prenom' || cle === 'nom' ? 90 : 2900);
      attendreMots(texte, sansBlancs(valeur) === '' ? '' : valeur.replace(/\s+/g, ' '));
    }
    expect(texte).toContain('élevage🐄@exemple.fr');
    // Literal: no HTML interpretation.
    expect(texte).toContain('obs0x0🐄<b>');
  }, 120_000);
});

describe('texte signé: the page count declared is the signed PDF’s', () => {
  /** The payload unsigned by the audited party, then signed by four of them. */
  const avant = (remplissage: number): RapportPayload => {
    const p = fixturePlusieursManquements();
    p.synthese.audite.observation = 'Observation de remplissage. '.repeat(remplissage);
    p.synthese.audite.signatures = { rapport: [], planProgres: [] };
    return p;
  };
  const signe = (p: RapportPayload): RapportPayload => {
    const image = fixturePlusieursManquements().synthese.audite.signatures.rapport[0]?.image ?? '';
    const quatre = ['Julien Vuillemin', 'Anne Roy', 'Paul Girod', 'Léa Faivre'].map((name) => ({
      name,
      image,
    }));
    return {
      ...p,
      synthese: {
        ...p.synthese,
        audite: { ...p.synthese.audite, signatures: { rapport: quatre, planProgres: quatre } },
      },
    };
  };

  it('counts, before signing, the pages the signed report has when its signature table lands on a new page', async () => {
    // The longest padding whose unsigned preview is shorter than the signed report: the signers'
    // frames push the end of the report onto a page of its own (5 pages said, 6 printed before).
    let [bas, haut] = [0, 120];
    const ecart = async (n: number) =>
      (await compterPagesRapport(signe(avant(n)))) > (await compterPagesRapport(avant(n)));
    while (!(await ecart(haut))) haut += 40;
    while (haut - bas > 1) {
      const milieu = (bas + haut) >> 1;
      if (await ecart(milieu)) haut = milieu;
      else bas = milieu;
    }
    const apercu = await compterPagesRapport(avant(haut));
    const declare = await compterPagesRapport(signe(avant(haut)));
    expect(declare).toBe(apercu + 1);

    const { pdf, pages } = await genererPdfAvecPages(signe(avant(haut)));
    const lu = lirePdf(pdf, 'signatures-nouvelle-page.pdf');
    expect(lu.pages).toBe(declare);
    expect(pages).toBe(declare);
    const texte = lu.textePages.join(' ');
    expect(texte).toContain(declarationPages(declare));
    // The audited signatures are on the page the preview did not have.
    const derniere = lu.textePages[lu.pages - 1] ?? '';
    expect(derniere).toContain('Léa Faivre');
    expect(derniere).toContain(`Page ${declare}/${declare}`);
  }, 180_000);
});
