export * from './schemas';
export * from './validateurs';
export * from './imprimable';
