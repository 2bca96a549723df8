import { describe, expect, it } from 'vitest';
import { grilleSchema } from './schemas';
import {
  nouvelleSignatureAudite,
  signerAudite,
  syntheseSchema,
  syntheseSignee,
  syntheseVide,
} from './synthese';

describe('grilleSchema', () => {
  it('fills what an older build left out, and refuses what is wrong', () => {
    const g = grilleSchema.parse({
      categories: [
        {
          id: 'c',
          libelle: 'Troupeau',
          ordre: 1,
          points: [
            {
              id: 'p',
              code: 'PL',
              ordre: 1,
              libelle: 'Race',
              source: 'CONSTAT',
              aops: [{ aopIgpId: 'a', aopIgpLibelle: 'Comté' }],
            },
          ],
        },
      ],
      groupesSysExploitation: [
        { id: 'g', libelle: 'Surfaces', points: [{ id: 'x', code: 'a1', libelle: 'Prairies' }] },
      ],
    });
    expect(g.manquements).toEqual([]);
    expect(g.categories[0]!.aopIgps).toEqual([]);
    expect(g.categories[0]!.points[0]!.aops[0]).toEqual({
      aopIgpId: 'a',
      aopIgpLibelle: 'Comté',
      migre: false,
      exploitationId: null,
      exploitationCode: null,
      hasManquement: false,
      saisie: { observation: null, valeur: null, conformite: null, gravite: null },
      seuil: { grave: null, majeur: null, mineur: null },
    });
    expect(g.groupesSysExploitation[0]).toMatchObject({
      ignore: false,
      points: [{ formule: null, valeur: null, dec: 0, declaratif: null }],
    });
    expect(
      grilleSchema.safeParse({
        categories: [
          {
            id: 'c',
            libelle: 'x',
            ordre: 1,
            points: [{ id: 'p', code: 'P', ordre: 1, libelle: 'l', source: 'AUTRE' }],
          },
        ],
      }).success,
    ).toBe(false);
    expect(grilleSchema.safeParse({ manquements: [{ key: 'k' }] }).success).toBe(false);
  });
});

describe('synthesis per AOP-IGP', () => {
  it('starts blank and unsigned', () => {
    expect(syntheseVide()).toEqual({
      audite: { observation: null, signatures: { rapport: [], planProgres: [] }, signed: false },
      auditeur: { observation: null, signature: null, signed: false },
    });
    expect(syntheseSchema.safeParse({ auditeur: { signed: 'oui' } }).success).toBe(false);
    expect(syntheseSignee(null)).toBe(false);
  });

  it("keeps the auditor chosen for the report (parsing must not drop the colleague's name)", () => {
    const choisi = {
      id: '42',
      nom: 'Jeanningros',
      prenom: 'Marc',
      mail: 'm@x.fr',
      telephone: null,
    };
    expect(syntheseSchema.parse({ auditeur: choisi }).auditeur).toEqual({
      observation: null,
      signature: null,
      signed: false,
      ...choisi,
    });
  });

  it('puts each audited signature in the lists it signs; no progress plan without manquement', () => {
    const jeanne = { ...nouvelleSignatureAudite('1', 'Jeanne Vuillet'), image: 'img-j' };
    const paul = {
      ...nouvelleSignatureAudite('2', 'Paul Bourgeois'),
      image: 'img-p',
      planProgres: false,
    };
    const absent = nouvelleSignatureAudite('3', 'Luc Perrin');
    const avec = signerAudite(syntheseVide(), [jeanne, paul, absent], true);
    expect(avec.audite).toEqual({
      observation: null,
      signatures: {
        rapport: [
          { name: 'Jeanne Vuillet', image: 'img-j' },
          { name: 'Paul Bourgeois', image: 'img-p' },
        ],
        planProgres: [{ name: 'Jeanne Vuillet', image: 'img-j' }],
      },
      signed: true,
    });
    expect(signerAudite(syntheseVide(), [jeanne], false).audite.signatures.planProgres).toEqual([]);
    expect(signerAudite(syntheseVide(), [absent], true).audite.signed).toBe(false);
  });
});
