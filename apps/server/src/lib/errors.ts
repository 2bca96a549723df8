/** Typed service errors; the error handler maps each to its HTTP status and the spec's error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly globalErrors: string[] = [],
    readonly fieldErrors: { field: string; defaultMessage: string }[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Authentification requise') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = "Vous n'avez pas accès à cette ressource") =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Ressource introuvable') =>
  new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const invalid = (
  message: string,
  globalErrors: string[] = [],
  fieldErrors: { field: string; defaultMessage: string }[] = [],
) => new AppError(400, 'VALIDATION', message, globalErrors, fieldErrors);

/** 429 with how long to wait, rounded up to the minute. */
export const tropDeTentatives = (attenteMs: number, enSecondes = false) => {
  // A login series' wait (1 s, 2 s…) is told in seconds under a minute: 'une minute' would lie.
  if (enSecondes && attenteMs < 59_500) {
    const secondes = Math.max(1, Math.ceil(attenteMs / 1000));
    return new AppError(
      429,
      'RATE_LIMITED',
      `Trop de tentatives, veuillez réessayer dans ${secondes === 1 ? 'une seconde' : `${String(secondes)} secondes`}`,
    );
  }
  const minutes = Math.max(1, Math.ceil(attenteMs / 60_000));
  return new AppError(
    429,
    'RATE_LIMITED',
    `Trop de tentatives, veuillez réessayer dans ${minutes === 1 ? 'une minute' : `${String(minutes)} minutes`}`,
  );
};
