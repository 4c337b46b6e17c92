// What other API modules use of organisation locations: their calls, which the location form's module mounts
// beside its own (locations).
export { organizationLocationRoutes } from './organization-location.routes.ts';
