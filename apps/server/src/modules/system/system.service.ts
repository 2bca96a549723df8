import { readFileSync } from 'node:fs';
import path from 'node:path';
import { champDe } from '@estive/domain';
import type { SystemRepository } from './system.repository';

/** The build id of the web app being served, written by its build into dist/version.json. */
export function readServedBuildId(webDist: string): string {
  try {
    const sha = champDe(
      JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')),
      'sha',
    );
    return typeof sha === 'string' ? sha : 'dev';
  } catch {
    return 'dev';
  }
}

export function createSystemService(repository: SystemRepository, webDist: string) {
  return {
    /** UP when the database answers; the error goes back to the caller to log. */
    async sante(): Promise<{ status: 'UP' } | { status: 'DOWN'; err: unknown }> {
      try {
        await repository.ping();
        return { status: 'UP' };
      } catch (err) {
        return { status: 'DOWN', err };
      }
    },

    inboxEnAttente: () => repository.inboxEnAttente(),

    /** Read per call: a redeploy that replaces dist/ is seen without restarting. */
    version(shaClient: string | undefined): { sha: string; current: boolean } {
      const sha = readServedBuildId(webDist);
      return { sha, current: shaClient === sha };
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
