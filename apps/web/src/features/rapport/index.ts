/** The report feature's public surface: what step 4 of the control entry uses. */
export * from './payload';
export * from './apercu';
export type * from './provisoire';
