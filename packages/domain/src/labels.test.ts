import { describe, expect, it } from 'vitest';
import { GRAVITES, NIVEAUX_CONTROLE, SEUILS, STATUTS_TOURNEE } from './enums';
import {
  COULEURS_STATUT_TOURNEE,
  graviteDeSeuil,
  LEGENDE_CONFORMITE,
  LIBELLES_NIVEAU,
  libelleColonneGravite,
  seuilDeGravite,
} from './labels';
import {
  abandonnerControleTitre,
  alerteStockage,
  declarationPages,
  erreurPreview,
  formuleCodeAbsent,
  formuleEnErreur,
  MESSAGES_VALIDATION,
} from './messages';
import { couleurAopIgp, PALETTE } from './palette';

describe('labels', () => {
  it('maps gravities to thresholds and back (MINEUR→SEUIL_1 … SANS_GRAVITE→CONSTATE)', () => {
    expect(GRAVITES.map(seuilDeGravite)).toEqual(['SEUIL_1', 'SEUIL_2', 'SEUIL_3', 'CONSTATE']);
    expect(SEUILS.map(graviteDeSeuil)).toEqual(['MINEUR', 'MAJEUR', 'GRAVE', 'SANS_GRAVITE']);
  });

  it("titles the severity column 'Gravité', or the migrated label's own", () => {
    expect(libelleColonneGravite(false, 'Seuil')).toBe('Gravité');
    expect(libelleColonneGravite(true, 'Récidive')).toBe('Récidive');
    expect(libelleColonneGravite(true, null)).toBe('Seuil');
    expect(libelleColonneGravite(true, 'Gravité')).toBe('Seuil');
  });

  it('labels every level, NON_RENSEIGNE included, and colours every round status', () => {
    for (const n of NIVEAUX_CONTROLE) expect(LIBELLES_NIVEAU[n]).toBeTruthy();
    expect(LIBELLES_NIVEAU.NON_RENSEIGNE).toBe('Non renseigné');
    expect(STATUTS_TOURNEE.map((s) => COULEURS_STATUT_TOURNEE[s].role)).toEqual([
      'warning',
      'info',
      'primary',
      'negative',
      'positive',
    ]);
    expect(LEGENDE_CONFORMITE).toBe(
      'C conforme, NC non conforme, SO sans objet, NO non observable',
    );
  });
});

describe('palette', () => {
  it('has 22 distinct colours and gives a label always the same one', () => {
    expect(new Set(PALETTE).size).toBe(22);
    expect(couleurAopIgp('5')).toBe(couleurAopIgp(5));
    expect(couleurAopIgp(1)).not.toBe(couleurAopIgp(2));
    expect(couleurAopIgp(23)).toBe(couleurAopIgp(1));
    expect(PALETTE).toContain(couleurAopIgp('local-abc'));
  });
});

describe('message templates', () => {
  it('fill in the spec wording', () => {
    expect(abandonnerControleTitre('08:30')).toBe('Abandonner le controle de 08:30');
    expect(formuleCodeAbsent('a6', '(a1 + a2) / a3')).toBe(
      "La ligne a6 n'est pas calculable car un code de sa formule ((a1 + a2) / a3) n'est pas présent dans le système d'exploitation",
    );
    expect(formuleEnErreur('a6', 'a1 +')).toBe(
      "La ligne a6 n'est pas calculable car un code de sa formule (a1 +) présente une erreur",
    );
    expect(erreurPreview('Comté')).toBe(
      'Erreur lors de la génération de la preview pour controle aop Comté',
    );
    expect(declarationPages(4)).toContain('4 pages');
    expect(alerteStockage(12, true)).toContain('4 Go');
    expect(alerteStockage(12, false)).toContain('20 Go');
    expect(MESSAGES_VALIDATION.siret).toBe('Le numéro de siret doit comporter 14 chiffres');
  });
});
