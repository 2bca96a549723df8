export { ReglesMotDePasse } from './ReglesMotDePasse';
