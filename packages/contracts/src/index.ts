// @allclear/contracts: zod schemas for every request and response (named Z…, types T…).
export * from './common.ts';
export * from './customers.ts';
export * from './users.ts';
export * from './locations.ts';
export * from './sites.ts';
export * from './observations.ts';
export * from './forecasts.ts';
export * from './threats.ts';
export * from './lightning.ts';
export * from './lightning-stream.ts';
export * from './notifications.ts';
export * from './map.ts';
export * from './organization-locations.ts';
export * from './geocoding.ts';
