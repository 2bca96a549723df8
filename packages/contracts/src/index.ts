export * from './auth';
export * from './auditeurs';
export * from './errors';
export * from './system';
export * from './paging';
export * from './synchro';
export * from './controles';
export * from './journal';
