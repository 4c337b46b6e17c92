// The database schema: one module per area. Engine tables (observations, strikes, zone states,
// warnings, outbox, audit) are added by the engine issue.
export * from './customers.ts';
export * from './sites.ts';
export * from './users.ts';
export * from './locations.ts';
export * from './policies.ts';
export * from './hardware.ts';
export * from './notifications.ts';
export * from './widgets.ts';
export * from './cameras.ts';
export * from './integrations.ts';
export * from './identity.ts';
export * from './engine-lightning.ts';
export * from './engine-notifications.ts';
export * from './engine-policies.ts';
export * from './heat-stress.ts';
export * from './support.ts';
export * from './security.ts';
export * from './hardware-operations.ts';
export * from './station-history.ts';
