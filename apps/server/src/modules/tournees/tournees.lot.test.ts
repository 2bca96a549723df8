/**
 * Issue 32 item 6: step 2's cards are one request, `POST /api/tournee/{id}/ajoute-lot`, written in
 * one transaction — every card created, or none and each card's reasons under its own index.
 */
import { describe, expect, it } from 'vitest';
import type { Tournee, VisitesControleurQuery } from '@estive/contracts';
import { instantParis } from '@estive/domain';
import {
  animateur,
  appel,
  auvergne,
  claire,
  controlesComplets,
  controleur,
  informations,
  marc,
  ok,
  prochain,
  suiteTournees,
} from './tournees.test-helpers';

suiteTournees();

const nouvelleTournee = async () =>
  (await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, { controleurId: claire }))
    .id;

interface Refus {
  message: string;
  fieldErrors: { field: string; defaultMessage: string }[];
}

describe('ajoute-lot: the cards of a round in one request', () => {
  it('creates every card at once, their operators out of the basket', async () => {
    expect(informations.length).toBeGreaterThanOrEqual(3);
    const id = await nouvelleTournee();
    const cartes = [0, 1, 2].map((i) =>
      controlesComplets(i, `${prochain(2)}T${String(8 + i).padStart(2, '0')}:00`),
    );
    const t = await ok<Tournee>('POST', `/api/tournee/${id}/ajoute-lot`, animateur, {
      operateurControles: cartes,
    });
    expect(t.operateurs.map((o) => [o.operateur.id, o.valide])).toEqual(
      cartes.map((c) => [c.personneMoraleId, true]),
    );
    expect(t.operateurs.flatMap((o) => o.controles)).toHaveLength(3);
    const panier = await ok<{ content: { personneMoraleId: string }[] }>(
      'GET',
      '/api/panier?size=2000',
      animateur,
    );
    const restants = new Set(panier.content.map((p) => p.personneMoraleId));
    for (const c of cartes) expect(restants.has(c.personneMoraleId)).toBe(false);
  });

  it('creates none when one card is wrong, and names each card’s fault under its index', async () => {
    const id = await nouvelleTournee();
    const bonne = controlesComplets(0, `${prochain(3)}T09:00`);
    const sansSite = controlesComplets(1, `${prochain(3)}T10:00`);
    const premiere = sansSite.controles[0];
    if (!premiere) throw new Error('appellation attendue');
    premiere.siteIds = [];
    const dimanche = controlesComplets(2, `${prochain(0)}T10:00`);
    const res = await appel('POST', `/api/tournee/${id}/ajoute-lot`, animateur, {
      operateurControles: [bonne, sansSite, dimanche],
    });
    expect(res.statusCode, res.body).toBe(400);
    const refus = res.json<Refus>();
    expect(refus.message).toBe('Erreur durant la création des contrôles');
    expect(refus.fieldErrors).toEqual([
      {
        field: 'operateurControles[1].controles[0].siteId',
        defaultMessage: 'Ce champ est obligatoire',
      },
      {
        field: `date[${dimanche.personneMoraleId}]`,
        defaultMessage: 'Contrôle impossible le dimanche',
      },
    ]);
    // One transaction: the valid card was not written either.
    const apres = await ok<Tournee>('GET', `/api/tournee/${id}`, animateur);
    expect(apres.operateurs.filter((o) => o.valide)).toEqual([]);
  });

  it('refuses the same operator twice in one lot', async () => {
    const id = await nouvelleTournee();
    const carte = controlesComplets(0, `${prochain(4)}T09:00`);
    const res = await appel('POST', `/api/tournee/${id}/ajoute-lot`, animateur, {
      operateurControles: [carte, { ...carte, date: `${prochain(4)}T11:00` }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Refus>().fieldErrors).toEqual([
      { field: 'operateurControles[1].personneMoraleId', defaultMessage: 'Opérateur en double' },
    ]);
  });

  it('is refused to a controller, and another perimeter’s round is not found', async () => {
    const id = await nouvelleTournee();
    const corps = { operateurControles: [controlesComplets(0, `${prochain(5)}T09:00`)] };
    expect(
      (await appel('POST', `/api/tournee/${id}/ajoute-lot`, controleur, corps)).statusCode,
    ).toBe(403);
    expect(
      (await appel('POST', `/api/tournee/${id}/ajoute-lot`, animateur, corps, auvergne)).statusCode,
    ).toBe(404);
    const vide = await appel('POST', `/api/tournee/${id}/ajoute-lot`, animateur, {
      operateurControles: [],
    });
    expect(vide.statusCode).toBe(400);
  });
});

describe('visites-controleur: the controller’s other visits, for the same-hour warning', () => {
  it('lists the round controller’s visits in his other rounds, not this round’s nor another controller’s', async () => {
    const ailleurs = await nouvelleTournee();
    const carte = controlesComplets(0, `${prochain(2, 3)}T09:00`);
    const t = await ok<Tournee>('POST', `/api/tournee/${ailleurs}/ajoute-lot`, animateur, {
      operateurControles: [carte],
    });
    const ici = await nouvelleTournee();
    const ajoutIci = controlesComplets(1, `${prochain(2, 3)}T09:30`);
    await ok<Tournee>('POST', `/api/tournee/${ici}/ajoute`, animateur, ajoutIci);
    type Reponse = {
      visites: {
        tourneeId: string | null;
        personneMoraleId: string | null;
        raisonSociale: string | null;
        date: string;
      }[];
    };
    const { visites } = await ok<Reponse>(
      'GET',
      `/api/tournee/${ici}/visites-controleur`,
      animateur,
    );
    const trouvee = visites.find((v) => v.tourneeId === ailleurs);
    expect(trouvee?.personneMoraleId).toBe(carte.personneMoraleId);
    expect(trouvee?.raisonSociale).toBe(t.operateurs[0]?.operateur.raisonSociale);
    expect(trouvee?.date).toBe(instantParis(prochain(2, 3), '09:00'));
    expect(visites.some((v) => v.tourneeId === ici)).toBe(false);
    const deMarc = await ok<Reponse>(
      'GET',
      `/api/tournee/${ici}/visites-controleur?controleurId=${marc}`,
      animateur,
    );
    expect(deMarc.visites.some((v) => v.tourneeId === ailleurs)).toBe(false);
  });

  it('refuses a controller, another perimeter, and a person who is not a controller of the ODG', async () => {
    const id = await nouvelleTournee();
    const url = `/api/tournee/${id}/visites-controleur`;
    expect((await appel('GET', url, controleur)).statusCode).toBe(403);
    expect((await appel('GET', url, animateur, undefined, auvergne)).statusCode).toBe(404);
    const q: VisitesControleurQuery = { controleurId: '999999' };
    const refus = await appel('GET', `${url}?controleurId=${String(q.controleurId)}`, animateur);
    expect(refus.statusCode).toBe(400);
    expect(refus.json<Refus>().fieldErrors[0]?.field).toBe('controleurId');
  });
});
