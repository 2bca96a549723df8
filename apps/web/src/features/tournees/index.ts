/** What other features use of the rounds feature. */
export { instantParis } from './inopine/creation';
