export * from './schemas';
export * from './validateurs';
