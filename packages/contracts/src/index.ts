// @allclear/contracts: zod schemas for every request and response (named Z…, types T…).
export * from './common.ts';
export * from './customers.ts';
export * from './users.ts';
export * from './locations.ts';
export * from './sites.ts';
