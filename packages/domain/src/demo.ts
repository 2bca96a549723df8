/**
 * The demo data (labels, their grids, farms and expected verdicts) as `@estive/domain/demo`:
 * the server's demo/ seeds from it and tests build on it, the app never ships it (the boundary
 * rule refuses it anywhere else), so it stays out of the domain's public index.
 */
export * from './grille/fixtures';
