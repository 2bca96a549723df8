export * from './paris';
export * from './saisie';
export * from './semaine';
