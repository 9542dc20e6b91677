export * from './roles';
export * from './users';
export * from './auth';
export * from './teams';
export * from './media';
export * from './matches';
export * from './notifications';
export * from './audit';
