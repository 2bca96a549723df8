import { appeler } from './client';

/**
 * Downloads a file the API serves (an export, a report) under the name the server gives it. The
 * object URL is let go a little later: revoked at once, a browser may not have started the save.
 */
export async function telecharger(chemin: string, nomParDefaut = 'export.xlsx'): Promise<void> {
  const reponse = await appeler(chemin);
  const blob = await reponse.blob();
  const nom =
    /filename="([^"]+)"/.exec(reponse.headers.get('content-disposition') ?? '')?.[1] ??
    nomParDefaut;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nom;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens a PDF of the API (report, planning, avis de passage) in a new tab: the call needs the
 * bearer, a link cannot.
 */
export async function ouvrirFichier(id: string): Promise<void> {
  const reponse = await appeler(`/api/fichier/${id}`);
  const url = URL.createObjectURL(await reponse.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
