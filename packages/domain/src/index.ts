export * from './enums';
export * from './access';
