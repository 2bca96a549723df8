import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  ctx,
  envoyerParties,
  nbFichiers,
  operateur,
  preparerTeleversements,
} from './televersements.test-helpers';

beforeAll(preparerTeleversements);
afterAll(() => ctx.close());

/** A new habilitation's `data` part, on a new operator of the animator's ODG. */
async function habilitation() {
  const { pm, aopIgpId, activites } = await operateur();
  return { personneMoraleId: pm, aopIgpId, activiteId: activites[0], statut: 'VALIDEE' };
}

describe('a form holds one file and small fields (issue 13 item 3 beyond the push)', () => {
  it('a second file, a field over 1,000,000 bytes: 413 in French, nothing stored', async () => {
    const avant = await nbFichiers();
    const data = await habilitation();
    const deux = await envoyerParties('/api/habilitation', [
      { name: 'data', content: JSON.stringify(data) },
      { name: 'document', filename: 'a.pdf', content: PDF },
      { name: 'document', filename: 'b.pdf', content: PDF },
    ]);
    expect(deux.statusCode).toBe(413);
    expect(deux.json<{ message: string }>().message).toBe('Trop de fichiers dans la requête');
    const gros = await envoyerParties('/api/habilitation', [
      { name: 'data', content: JSON.stringify({ ...data, x: 'a'.repeat(1_000_000) }) },
      { name: 'document', filename: 'a.pdf', content: PDF },
    ]);
    expect(gros.statusCode).toBe(413);
    expect(gros.json<{ message: string }>().message).toBe(
      'Requête trop volumineuse : un champ dépasse 1 000 000 octets',
    );
    expect(await nbFichiers()).toBe(avant);
  });

  it('a file part of another name is read and dropped (busboy never waits on it)', async () => {
    const avant = await nbFichiers();
    const res = await envoyerParties('/api/habilitation', [
      { name: 'autre', filename: 'x.bin', content: Buffer.alloc(4_000_000, 0x41) },
      { name: 'data', content: JSON.stringify(await habilitation()) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await nbFichiers()).toBe(avant);
  });
});
