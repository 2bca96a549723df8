import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('websocket /api/ws', () => {
  it('answers ping with pong for an authenticated client', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    const socket = await ctx.app.injectWS(`/api/ws?access_token=${accessToken}`);
    const reply = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    );
    socket.send('ping');
    expect(await reply).toBe('pong');
    socket.terminate();
  });

  it('refuses a client without a valid token', async () => {
    await expect(ctx.app.injectWS('/api/ws?access_token=invalide')).rejects.toThrow();
    await expect(ctx.app.injectWS('/api/ws')).rejects.toThrow();
  });
});
