// @allclear/contracts: zod schemas for every request and response (named Z…, types T…). The route
// table is '@allclear/contracts/routes'; its zod-free method and path list '@allclear/contracts/endpoints'.
export * from './common.ts';
export * from './customers.ts';
export * from './users.ts';
export * from './locations.ts';
export * from './sites.ts';
export * from './policies.ts';
export * from './observations.ts';
export * from './history.ts';
export * from './forecasts.ts';
export * from './threats.ts';
export * from './lightning.ts';
export * from './lightning-stream.ts';
export * from './notifications.ts';
export * from './map.ts';
export * from './organization-locations.ts';
export * from './geocoding.ts';
export * from './heat-stress.ts';
export * from './roles.ts';
export * from './dev.ts';
export * from './ingest.ts';
export * from './hardware.ts';
export * from './account.ts';
export * from './field-messages.ts';
