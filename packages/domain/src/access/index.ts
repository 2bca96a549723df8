export * from './decide-access';
export * from './layout';
export * from './routes';
