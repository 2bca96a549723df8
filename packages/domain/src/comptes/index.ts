export * from './mot-de-passe';
