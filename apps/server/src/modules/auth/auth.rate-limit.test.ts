import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => ctx.close());

it('limits login attempts per minute with 429 and a French message', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await login(ctx.app, 'cnaol@estive.test', 'faux')).res.statusCode);
  expect(statuses).toEqual([401, 401, 401, 429]);
  const limited = await login(ctx.app, 'cnaol@estive.test', 'estive');
  expect(limited.res.statusCode).toBe(429);
  expect(limited.res.json()).toMatchObject({
    code: 'RATE_LIMITED',
    message: 'Trop de tentatives, veuillez réessayer dans une minute',
  });
});
