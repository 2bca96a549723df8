import path from 'node:path';
import { RACINE } from './build-web';

/**
 * Where the specs write their screenshots. A test run writes into a build folder (gitignored) so
 * that it never rewrites tracked files; `npm run screenshots` points E2E_CAPTURES_DIR at
 * docs/screenshots to refresh the README's images on purpose.
 */
export const CAPTURES = path.resolve(RACINE, process.env.E2E_CAPTURES_DIR ?? 'e2e/.captures');
