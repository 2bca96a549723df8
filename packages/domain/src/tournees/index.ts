export * from './calendrier';
export * from './regles';
