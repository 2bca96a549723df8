export * from './calcul';
export {
  arrondirFraction,
  comparer as comparerFractions,
  formaterFraction,
  fractionDeNombre,
  fractionDeTexte,
  type Fraction,
} from './exact';
export { decouper, type Jeton, type ResultatLexique } from './lexique';
export * from './syntaxe';
export * from './valeur';
export * from './controle';
export { messageFauteSyntaxe, type FauteSyntaxe } from './fautes';
