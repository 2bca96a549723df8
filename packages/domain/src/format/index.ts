export * from './dates';
export * from './identifiants';
