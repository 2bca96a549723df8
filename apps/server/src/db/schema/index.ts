export * from './organisations';
export * from './referentiel';
export * from './annuaire';
export * from './fichiers';
export * from './tournees';
export * from './controles';
export * from './synchro';
export * from './systeme';
