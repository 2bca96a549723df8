/**
 * The largest realistic entry (issue 12): 150 control points in 10 categories, 40 shortcomings,
 * every free text at its maximum length (5,000 characters), four audited signers. Each text is
 * made of tokens unique to its field, in order, so a test can prove with `pdftotext` that every
 * word of every text was printed.
 */
import type { ManquementPayload, RapportPayload } from './payload';
import { fixturePlusieursManquements } from './fixtures';
import { signatureFictive } from './signatureFictive';

/** The longest free text an entry field takes (observation, constat, measure). */
export const LONGUEUR_TEXTE_MAX = 5000;

/**
 * A text of exactly `LONGUEUR_TEXTE_MAX` characters: French words and tokens `<cle>·<n>`
 * (unique to the field, numbered in order), with a line break now and then as typed on a tablet.
 */
export function texteMaximal(cle: string): string {
  const mots = ['génisses', 'pâturage', 'écart', 'constaté', 'registre', 'lait', 'à', 'jour'];
  let texte = '';
  for (let n = 1; texte.length < LONGUEUR_TEXTE_MAX; n++) {
    texte += `${cle}·${n} ${mots[n % mots.length] ?? ''}${n % 9 === 0 ? '\n' : ' '}`;
  }
  return texte.slice(0, LONGUEUR_TEXTE_MAX);
}

/** Every token of a field's text, in order: what must be found in the PDF. */
export const jetons = (texte: string, cle: string): string[] =>
  texte.split(/\s+/).filter((m) => m.startsWith(`${cle}·`) && /·\d+$/.test(m));

export function fixtureMaximale(): RapportPayload {
  const p = fixturePlusieursManquements();
  p.numeroRapport = 'SIQ-2000150';
  p.categories = Array.from({ length: 10 }, (_, c) => ({
    code: `CAT${c + 1}`,
    libelle: `Catégorie ${c + 1} du plan de contrôle`,
    points: Array.from({ length: 15 }, (_, i) => {
      const code = `PT-${String(c * 15 + i + 1).padStart(3, '0')}`;
      const nc = (c * 15 + i) % 4 === 0;
      return {
        code,
        libelle: `Exigence ${code} du cahier des charges relative aux pratiques de l'exploitation`,
        reference: `Cahier des charges, article ${c + 1}.${i + 1}`,
        conformite: nc ? 'NC' : 'C',
        valeur: nc ? '1 950 kg/VL/an' : 'Oui',
        gravite: nc ? 'Majeur' : '',
        observation: texteMaximal(`O${code}`),
      };
    }),
  }));
  p.manquements = Array.from({ length: 40 }, (_, i): ManquementPayload => {
    const code = `PT-${String(i * 4 + 1).padStart(3, '0')}`;
    return {
      code,
      libelle: `Exigence ${code} non respectée`,
      categorie: `Catégorie ${Math.floor((i * 4) / 15) + 1}`,
      valeur: '1 950 kg/VL/an',
      gravite: 'Majeur',
      informationsAuditeur: texteMaximal(`A${code}`),
      informationsAudite: texteMaximal(`B${code}`),
      mesureCorrective: texteMaximal(`C${code}`),
      delaiCorrective: '3 mois — 30/06/2025',
      mesureCorrectrice: texteMaximal(`D${code}`),
      delaiCorrectrice: '12 mois — 31/03/2026',
    };
  });
  p.synthese.auditeur.observation = texteMaximal('AUDITEUR');
  p.synthese.audite.observation = texteMaximal('AUDITE');
  const signe = (nom: string) => ({ name: nom, image: signatureFictive(nom) });
  const signataires = ['Julien Vuillemin', 'Marion Vuillemin', 'Paul Cuenot', 'Lise Cuenot'];
  p.synthese.audite.signatures = {
    rapport: signataires.map(signe),
    planProgres: signataires.slice(0, 2).map(signe),
  };
  return p;
}
