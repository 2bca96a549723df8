/** The app build is not the one the server serves: the run stops before pushing anything. */
export class VersionObsoleteError extends Error {
  constructor() {
    super("Votre application n'est pas à jour");
    this.name = 'VersionObsoleteError';
  }
}

/**
 * More than 3 failed calls in one run (docs/architecture.md §5): the run stops, nothing written is
 * lost.
 */
export class SynchroInterrompueError extends Error {
  constructor(cause: unknown) {
    super('Une erreur est survenue pendant la synchronisation', { cause });
    this.name = 'SynchroInterrompueError';
  }
}

/** Another run is already going on in this tab or another one. */
export class SynchroEnCoursError extends Error {
  constructor() {
    super('Une synchronisation est déjà en cours');
    this.name = 'SynchroEnCoursError';
  }
}
