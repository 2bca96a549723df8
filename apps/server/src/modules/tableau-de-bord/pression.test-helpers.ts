import type { Pression } from '@estive/contracts';
import { ouvrirBureau, type Bureau } from '../../test/bureau.test-helpers';
import { bearer } from '../../test/test-app';

/** The office's app (see ouvrirBureau) and the animateur's control pressure as it stands. */
export async function ouvrirPression(): Promise<Bureau & { pression: Pression }> {
  const bureau = await ouvrirBureau();
  const res = await bureau.ctx.app.inject({
    url: '/api/tdb/pression',
    headers: bearer(bureau.animateur),
  });
  return { ...bureau, pression: res.json<Pression>() };
}
