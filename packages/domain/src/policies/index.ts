// Policies: per entity, who may do what (issue 13 'One policy per entity'), all read from one role matrix
// (spec 02 §6, spec 03 §6). Pure, each with an edge-table test written from the spec text.
export * from './role-matrix.ts';
export * from './entity-policy.ts';
export * from './location-policy.ts';
export * from './user-policy.ts';
export * from './group-policy.ts';
export * from './organization-location-policy.ts';
export * from './customer-policy.ts';
export * from './weather-station-policy.ts';
export * from './hardware-policy.ts';
export * from './weather-policy-policy.ts';
export * from './widget-policy.ts';
export * from './support-policies.ts';
export * from './profile-policy.ts';
export * from './notification-policy.ts';
export * from './heat-stress-policy.ts';
export * from './proactive-forecast-policy.ts';
export * from './scenario-policy.ts';
