import { createHash } from 'node:crypto';
import { lirePdf } from '@estive/report/outilsPdf';
import { expect, test, type Page } from '@playwright/test';
import { COMPTES, MOT_DE_PASSE } from '../pages/comptes';
import { controleurSurTablette } from '../pages/tablette';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SyntheseAuditPage } from '../pages/SyntheseAuditPage';

import { CAPTURES } from '../captures';
import { reserver } from '../pages/Reservations';

/** A programmed control of the controller's rounds: the visit the test finalises. */
async function choisirControle(page: Page): Promise<Enregistrement> {
  const [candidat] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME'),
  );
  return candidat;
}

test('le rapport est signé et le contrôle finalisé hors ligne, puis le PDF arrive au serveur', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const coquille = await controleurSurTablette(page);
  const controle = await choisirControle(page);

  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');

  await new SaisieControlePage(page).ouvrirEtape4(controle);

  const synthese = new SyntheseAuditPage(page);
  const libelle = (controle.aopIgp as { libelle: string }).libelle;
  await expect(synthese.onglet(libelle)).toBeVisible();
  // Chromium headless shows PDFs in its viewer when it has one; otherwise the page says so.
  await synthese.attendreApercu();
  await page
    .getByLabel("Observations générales de l'audité")
    .fill('Accueil disponible, documents présentés.');
  await page
    .getByLabel("Observations générales de l'auditeur")
    .fill('Un écart relevé sur l’alimentation.');
  await page.screenshot({ path: `${CAPTURES}/rapport-etape4.png` });

  await synthese.ouvrirSignatureAuditeur();
  await synthese.dessiner(
    synthese.dialogue.getByRole('img', { name: "Zone de signature de l'auditeur" }),
  );
  await page.screenshot({ path: `${CAPTURES}/rapport-signature-auditeur.png` });
  await synthese.dialogue.getByRole('button', { name: 'Signer' }).click();
  await expect(synthese.dialogue).toBeHidden();
  await expect(synthese.signatureAuditeur).toBeDisabled();

  await synthese.ouvrirSignatureAudite();
  const declaration = synthese.dialogue.getByTestId('declaration-pages');
  await expect(synthese.dialogue.getByLabel("Rapport d'audit")).toBeChecked();
  await expect(synthese.dialogue.getByLabel('Plan de progrès')).toBeChecked();
  await synthese.remplirSignataire(0, 'Jeanne', 'Vuillemin');
  await synthese.dialogue.getByRole('button', { name: 'Ajouter un signataire' }).click();
  await synthese.remplirSignataire(1, 'Paul', 'Vuillemin');
  // The statement counts the report as these two will sign it (issue 27 item 5).
  await expect(declaration).toHaveText(
    /déclare avoir pris connaissance de l'intégralité des [1-9]\d* pages du présent rapport/,
  );
  const pagesDeclarees = Number(
    /des (\d+) pages/.exec((await declaration.textContent()) ?? '')?.[1],
  );
  await page.screenshot({ path: `${CAPTURES}/rapport-signature-audite.png` });
  await synthese.validerSignatureAudite();
  await expect(synthese.signatureAudite).toBeDisabled();

  await page.getByRole('button', { name: 'Finaliser' }).click();
  await expect(page.getByText('Le contrôle a été finalisé')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/tournee$/);

  const local = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(local).toMatchObject({ statut: 'REALISE', resultat: 'NON_CONFORME', sync: false });
  const rapport = (await lireTable(page, 'fichiers')).find((f) => f.controleId === controle.id);
  expect(rapport).toMatchObject({
    typeDocument: 'RAPPORT_AUDIT',
    sync: false,
    sha256: local?.rapportSha256,
  });

  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');
  await coquille.synchroniser();

  // The server's own view: the control feed lists the report, and the file is the same bytes.
  const synchronise = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(synchronise).toMatchObject({ statut: 'REALISE', resultat: 'NON_CONFORME' });
  const fichiers = (synchronise?.fichiers ?? []) as { id: string; typeDocument?: string }[];
  const pdf = fichiers.find((f) => f.typeDocument === 'RAPPORT_AUDIT');
  expect(pdf, 'le rapport figure dans les fichiers du contrôle').toBeTruthy();

  const connexion = await request.post('/api/auth/login', {
    data: { login: COMPTES.controleur.login, password: MOT_DE_PASSE },
  });
  const { accessToken } = (await connexion.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  const principal = (await (await request.get('/api/principal', { headers: auth })).json()) as {
    droits: { id: string }[];
  };
  const reponse = await request.get(`/api/fichier/${pdf!.id}`, {
    headers: { ...auth, 'X-Droit-Actif': principal.droits[0]!.id },
  });
  expect(reponse.status()).toBe(200);
  expect(reponse.headers()['content-type']).toContain('application/pdf');
  const octets = await reponse.body();
  expect(octets.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(createHash('sha256').update(octets).digest('hex')).toBe(local?.rapportSha256);
  // The n the audited party read in the dialog is the signed PDF's page count.
  expect(lirePdf(octets).pages).toBe(pagesDeclarees);
});
