import { describe, expect, it } from 'vitest';
import { ApiError, ErreurReseau } from '../../lib/api';
import { SynchroInterrompueError } from '../../offline/sync/errors';
import { messageErreurSynchro, messagesDocuments } from './erreurs';

const erreurServeur = (status: number, message: string) =>
  new ApiError(status, { message, code: 'X', globalErrors: [], fieldErrors: [] });

describe('messageErreurSynchro: the toast says what the server said', () => {
  it('a run stopped after its failures shows the server message of the last one', () => {
    const err = new SynchroInterrompueError(
      erreurServeur(403, "Vous n'avez pas de droit sur ce périmètre"),
    );
    expect(err.message).toBe('Une erreur est survenue pendant la synchronisation');
    expect(messageErreurSynchro(err)).toBe("Vous n'avez pas de droit sur ce périmètre");
  });

  it('an answer without the error contract names the status, in French', () => {
    const err = new SynchroInterrompueError(new ApiError(502, null));
    expect(messageErreurSynchro(err)).toBe('Le serveur a répondu par une erreur 502');
  });

  it('no network: the server could not be reached', () => {
    const err = new SynchroInterrompueError(new ErreurReseau(new TypeError('Failed to fetch')));
    expect(messageErreurSynchro(err)).toBe('Serveur injoignable');
  });

  it('a direct server error, or a device error, shows its own message', () => {
    expect(messageErreurSynchro(erreurServeur(500, 'Erreur interne du serveur'))).toBe(
      'Erreur interne du serveur',
    );
    expect(messageErreurSynchro(new Error('Écriture refusée par le navigateur'))).toBe(
      'Écriture refusée par le navigateur',
    );
  });

  it('a cause loop or a cause-less generic error still ends with a text', () => {
    const a = new Error('Une erreur est survenue pendant la synchronisation');
    const b = new Error('Une erreur est survenue pendant la synchronisation', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(messageErreurSynchro(a)).toBe('Cause inconnue');
    expect(messageErreurSynchro('texte brut')).toBe('texte brut');
  });
});

describe('messagesDocuments: the end toast names the files kept for offline use', () => {
  const bilan = { stockes: 0, deja: 3, horsBudget: 0, echecs: 0, supprimes: 0 };
  it('nothing new, nothing said', () => {
    expect(messagesDocuments(bilan)).toEqual([]);
  });
  it('stored, refused for lack of room, failed', () => {
    expect(messagesDocuments({ ...bilan, stockes: 4, horsBudget: 2, echecs: 1 })).toEqual([
      '4 document(s) enregistré(s) pour le hors ligne',
      '2 document(s) non enregistré(s) : espace de stockage insuffisant',
      "1 document(s) n'ont pas pu être téléchargés",
    ]);
  });
  it('the step could not run', () => {
    expect(messagesDocuments(null)).toEqual([
      "Les documents n'ont pas pu être enregistrés pour le hors ligne",
    ]);
  });
});
