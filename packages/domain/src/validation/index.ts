export * from './dates';
export * from './validateurs';
