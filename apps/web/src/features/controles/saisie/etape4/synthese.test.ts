import { describe, expect, it } from 'vitest';
import { documentsGeneres } from './documents';
import {
  avecObservations,
  estSignee,
  signeeParAudite,
  signeeParAuditeur,
  syntheseVide,
} from './synthese';

const entree = (name: string, rapportAudit: boolean, planProgres: boolean) => ({
  id: name,
  name,
  image: `data:image/png;base64,${name}`,
  rapportAudit,
  planProgres,
});

describe('synthèse d’une AOP-IGP', () => {
  it('lists each audited signer under what they signed: the report, the progress plan, or both', () => {
    const s = signeeParAudite(syntheseVide(), [
      entree('Jeanne Vuillemin', true, true),
      entree('Paul Vuillemin', true, false),
      entree('Luc Vuillemin', false, true),
    ]);
    expect(s.audite.signed).toBe(true);
    expect(s.audite.signatures.rapport.map((x) => x.name)).toEqual([
      'Jeanne Vuillemin',
      'Paul Vuillemin',
    ]);
    expect(s.audite.signatures.planProgres.map((x) => x.name)).toEqual([
      'Jeanne Vuillemin',
      'Luc Vuillemin',
    ]);
    expect(s.audite.signatures.rapport[0]).toEqual({
      name: 'Jeanne Vuillemin',
      image: 'data:image/png;base64,Jeanne Vuillemin',
    });
  });

  it('is signed once both the auditor and the audited party have signed, keeping observations', () => {
    const observee = avecObservations(syntheseVide(), {
      audite: 'RAS',
      auditeur: 'Visite cordiale',
    });
    const auditeur = signeeParAuditeur(observee, 'data:image/png;base64,A');
    expect(estSignee(auditeur)).toBe(false);
    const complete = signeeParAudite(auditeur, [entree('Jeanne Vuillemin', true, false)]);
    expect(estSignee(complete)).toBe(true);
    expect(complete.auditeur).toEqual({
      observation: 'Visite cordiale',
      signature: 'data:image/png;base64,A',
      signed: true,
    });
    expect(complete.audite.observation).toBe('RAS');
  });
});

describe('documentsGeneres', () => {
  const pret = { statut: 'pret' as const, blob: null, url: null, pages: 4, fileName: 'RA.pdf' };
  it('needs every AOP-IGP of the visit generated without error, with pages', () => {
    expect(documentsGeneres(['3', '7'], { '3': pret, '7': pret })).toBe(true);
    expect(documentsGeneres(['3', '7'], { '3': pret })).toBe(false);
    expect(documentsGeneres(['3'], { '3': { ...pret, statut: 'erreur' } })).toBe(false);
    expect(documentsGeneres(['3'], { '3': { ...pret, statut: 'generation' } })).toBe(false);
  });
});
