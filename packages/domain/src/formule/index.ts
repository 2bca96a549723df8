export * from './calcul';
export { decouper, type Jeton, type ResultatLexique } from './lexique';
export * from './syntaxe';
export * from './valeur';
export * from './controle';
