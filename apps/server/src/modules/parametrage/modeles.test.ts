import { describe, expect, it } from 'vitest';
import type { ModeleDocument } from '@estive/contracts';
import { lirePdf } from '@estive/report/outilsPdf';
import {
  animateur,
  appel,
  cnaol,
  controleur,
  droitAuvergne,
  droitCnaolAuvergne,
  droitComte,
  suiteParametrage,
} from './parametrage.test-helpers';

suiteParametrage();

const AVIS = {
  type: 'AVIS_PASSAGE',
  objet: 'passage du {{jour}}',
  corps:
    'Bonjour {{operateur}},\n\nNotre contrôleur {{controleur}} viendra le {{jour}} {{heure}}.\n\n{{tableau_appellations}}\n\nCordialement, {{odg}}.',
};

describe('document templates (/api/modele-document)', () => {
  it('lists the three templates of the active ODG, built in until written', async () => {
    const res = await appel('GET', '/api/modele-document', animateur, droitComte);
    expect(res.statusCode).toBe(200);
    const modeles = res.json<ModeleDocument[]>();
    expect(modeles.map((m) => [m.type, m.personnalise])).toEqual([
      ['AVIS_PASSAGE', false],
      ['PLANNING', false],
      ['COURRIER_NOTIFICATION', false],
    ]);
    expect(modeles[0]?.champs.map((c) => c.cle)).toContain('tableau_appellations');
  });

  it('refuses an unknown or malformed placeholder with a French error on its field', async () => {
    const res = await appel('PUT', '/api/modele-document', animateur, droitComte, {
      ...AVIS,
      objet: 'passage du {{date}}',
      corps: 'Bonjour {{operateur}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'objet', defaultMessage: "Le champ {{date}} n'existe pas pour ce modèle" },
      {
        field: 'corps',
        defaultMessage:
          'Un champ est mal écrit : il s’écrit entre doubles accolades, par exemple {{odg}}',
      },
    ]);
    const apercu = await appel('POST', '/api/modele-document/apercu', animateur, droitComte, {
      ...AVIS,
      corps: '{{raison_sociale}}',
    });
    expect(apercu.statusCode).toBe(400);
  });

  it('previews a draft as a PDF on sample figures with the ODG letterhead', async () => {
    const res = await appel('POST', '/api/modele-document/apercu', animateur, droitComte, AVIS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [page] = lirePdf(res.rawPayload, 'apercu.pdf').textePages;
    expect(page).toContain('Comité Interprofessionnel de Gestion du Comté');
    expect(page).toContain('Objet : passage du mardi 24 novembre 2026');
    expect(page).toContain('Bonjour GAEC des Sapins,');
    expect(page).toContain(
      'Notre contrôleur Julien Martin viendra le mardi 24 novembre 2026 à 09:00.',
    );
    expect(page).toContain('Appellation Niveau Site Activités');
    expect(page).toContain('Cordialement, Comité Interprofessionnel de Gestion du Comté.');
    expect(page).not.toContain('{{');
    for (const type of ['PLANNING', 'COURRIER_NOTIFICATION']) {
      const r = await appel('POST', '/api/modele-document/apercu', cnaol, droitCnaolAuvergne, {
        type,
        objet: 'Objet {{odg}}',
        corps: 'Texte {{odg}}',
      });
      expect(r.statusCode, type).toBe(200);
      expect(lirePdf(r.rawPayload).textePages.join(' ')).toMatch(/Texte .*Auvergne/);
    }
  });

  it('saves for the active ODG only, and goes back to the built-in text', async () => {
    expect(
      (await appel('PUT', '/api/modele-document', animateur, droitComte, AVIS)).statusCode,
    ).toBe(204);
    const comte = (await appel('GET', '/api/modele-document', cnaol, droitComte)).json<
      ModeleDocument[]
    >();
    expect(comte[0]).toMatchObject({ personnalise: true, objet: AVIS.objet, corps: AVIS.corps });
    const auvergne = (await appel('GET', '/api/modele-document', cnaol, droitCnaolAuvergne)).json<
      ModeleDocument[]
    >();
    expect(auvergne[0]?.personnalise).toBe(false);
    expect(
      (
        await appel('POST', '/api/modele-document/retablissement', animateur, droitComte, {
          type: 'AVIS_PASSAGE',
        })
      ).statusCode,
    ).toBe(204);
    const apres = (await appel('GET', '/api/modele-document', animateur, droitComte)).json<
      ModeleDocument[]
    >();
    expect(apres[0]?.personnalise).toBe(false);
  });

  it('is the settings: a controller, or an animator under an ODG_REFERENTE right, is refused', async () => {
    expect((await appel('GET', '/api/modele-document', controleur)).statusCode).toBe(403);
    expect(
      (await appel('PUT', '/api/modele-document', animateur, droitAuvergne, AVIS)).statusCode,
    ).toBe(403);
  });
});
