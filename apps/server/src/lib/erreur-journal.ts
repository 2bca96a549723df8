import { champDe } from '@estive/domain';

/**
 * An error as the log may keep it: type, code and message, with no SQL parameters (Drizzle puts
 * them in its message: `Failed query: … params: …`) nor request content. Causes are followed.
 */
export function erreurPourJournal(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = champDe(error, 'code');
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message.split('\nparams:')[0]?.slice(0, 500),
    ...(error.cause instanceof Error ? { cause: erreurPourJournal(error.cause) } : {}),
  };
}
