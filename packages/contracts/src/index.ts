export * from './auth';
export * from './errors';
export * from './system';
export * from './paging';
export * from './synchro';
export * from './controles';
