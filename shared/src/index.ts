export * from './api/routes.ts';
export * from './config.ts';
export * from './constants.ts';
export * from './display.ts';
export * from './domain/index.ts';
export * from './events.ts';
export * from './permissions.ts';
export * from './table.ts';
