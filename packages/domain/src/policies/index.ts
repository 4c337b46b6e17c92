// Policies: per entity, who may do what (issue 13 'One policy per entity'). Pure, with edge-table tests.
export * from './location-policy.ts';
