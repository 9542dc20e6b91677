export * from './common.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './dashboard.ts';
export * from './dropdowns.ts';
export * from './roles.ts';
export * from './media.ts';
export * from './users.ts';
