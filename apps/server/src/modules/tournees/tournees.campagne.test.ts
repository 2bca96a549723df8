/**
 * Issue 32 item 4: a round's controls stay inside its campaign. A round takes the campaign of the
 * day its first controls are programmed for; once it has controls, a date outside that campaign
 * (a 2025 or 2099 control in 'Campagne 2026') is refused on the operator's date field.
 */
import { describe, expect, it } from 'vitest';
import type { Campagne, Tournee } from '@estive/contracts';
import { premier } from '../../test/test-app';
import {
  animateur,
  appel,
  claire,
  controlesComplets,
  ok,
  suiteTournees,
} from './tournees.test-helpers';

suiteTournees();

/** An early weekday (Monday to Saturday) of the month (June unless told), at 10:00 in Paris. */
function enJuin(annee: number, mois = '06'): string {
  for (let j = 1; ; j++) {
    const jour = `${String(annee)}-${mois}-0${String(j)}`;
    if (new Date(`${jour}T12:00:00Z`).getUTCDay() !== 0) return `${jour}T10:00`;
  }
}

const nouvelleTournee = async () =>
  (await ok<{ id: string }>('POST', '/api/tournee/initialise', animateur, { controleurId: claire }))
    .id;

describe("a round's controls stay inside its campaign", () => {
  it("refuses a date of another year in 'Campagne N' with the campaign's dates on the field", async () => {
    const campagnes = await ok<Campagne[]>('GET', '/api/campagne', animateur);
    const courante = premier(campagnes.filter((c) => c.courante));
    const annee = Number(courante.debut.slice(0, 4));
    const id = await nouvelleTournee();
    const t = await ok<Tournee>(
      'POST',
      `/api/tournee/${id}/ajoute`,
      animateur,
      controlesComplets(0, enJuin(annee)),
    );
    expect(t.campagne?.libelle).toBe(courante.libelle);

    for (const autre of [annee - 1, 2099]) {
      const saisie = controlesComplets(1, enJuin(autre));
      const refus = await appel('POST', `/api/tournee/${id}/ajoute`, animateur, saisie);
      expect(refus.statusCode, refus.body).toBe(400);
      expect(refus.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
        {
          field: `date[${saisie.personneMoraleId}]`,
          defaultMessage: `La date doit être dans la campagne ${courante.libelle} (du 01/01/${String(annee)} au 31/12/${String(annee)})`,
        },
      ]);
    }
    // Nothing was written for the refused operator.
    const apres = await ok<Tournee>('GET', `/api/tournee/${id}`, animateur);
    expect(apres.operateurs.map((o) => o.operateur.id)).toEqual([
      controlesComplets(0, enJuin(annee)).personneMoraleId,
    ]);
  });

  it('a round prepared for a later year takes that campaign, then keeps its controls in it', async () => {
    const campagnes = await ok<Campagne[]>('GET', '/api/campagne', animateur);
    const annee = Number(premier(campagnes.filter((c) => c.courante)).debut.slice(0, 4)) + 2;
    const res = await appel('POST', '/api/campagne', animateur, {
      libelle: `Campagne ${String(annee)}`,
      debut: `${String(annee)}-01-01`,
      fin: `${String(annee)}-12-31`,
      courante: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = await nouvelleTournee();
    const t = await ok<Tournee>(
      'POST',
      `/api/tournee/${id}/ajoute`,
      animateur,
      controlesComplets(2, enJuin(annee)),
    );
    expect(t.campagne?.libelle).toBe(`Campagne ${String(annee)}`);
    const refus = await appel(
      'POST',
      `/api/tournee/${id}/ajoute`,
      animateur,
      controlesComplets(3, enJuin(annee - 1)),
    );
    expect(refus.statusCode).toBe(400);
    // Its only operator moved to 2099, which no campaign covers: the round keeps its campaign.
    const seul = await appel(
      'POST',
      `/api/tournee/${id}/ajoute`,
      animateur,
      controlesComplets(2, enJuin(2099)),
    );
    expect(seul.statusCode).toBe(400);
    // Its only operator moved to another day of the campaign: still accepted.
    await ok<Tournee>(
      'POST',
      `/api/tournee/${id}/ajoute`,
      animateur,
      controlesComplets(2, enJuin(annee, '09')),
    );
  });
});
