import { champDe } from '@estive/domain';

// Whether the database is away: the error handler answers 503 (retry later), and the push lets
// such an error end the request rather than report one control refused. In lib/ because both a
// plugin and a module read it (a module never calls a plugin).

/** Connection-level failures of PostgreSQL (down, restarting, unreachable): the request may be retried. */
const CODES_BASE_ABSENTE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const MESSAGES_BASE_ABSENTE = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];
/** The error, or one of its causes (Drizzle wraps the driver's error), says the database is away. */
export function baseAbsente(error: unknown): boolean {
  for (let e = error, i = 0; e instanceof Error && i < 5; e = e.cause, i++) {
    const code = champDe(e, 'code');
    if (typeof code === 'string' && CODES_BASE_ABSENTE.has(code)) return true;
    if (MESSAGES_BASE_ABSENTE.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}
