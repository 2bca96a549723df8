import { afterAll, beforeAll } from 'vitest';
import { createTestApp, login, type TestContext } from '../../test/test-app';
import { compterInbox } from './fixtures.test-helpers';

// Set before a file's tests by suiteDeuxControleurs; vitest gives each test file its own copy.
export let ctx: TestContext;
/** The demo controller's token, and his colleague's (controls that are not his). */
export let token: string;
export let tokenAutre: string;

/** How many entries the sync inbox holds: every push lands there first. */
export const nbInbox = () => compterInbox(ctx.database.db);

/** A sync test file's app and the two demo controllers, signed in before its tests, closed after. */
export function suiteDeuxControleurs(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
    tokenAutre = (await login(ctx.app, 'controleur2@estive.test')).accessToken;
  });
  afterAll(() => ctx.close());
}
