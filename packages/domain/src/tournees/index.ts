export * from './inopine';
export * from './mes-tournees';
export * from './preparation';
export * from './recherche';
export * from './visites';
