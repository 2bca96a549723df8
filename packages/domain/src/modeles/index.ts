export * from './modeles';
