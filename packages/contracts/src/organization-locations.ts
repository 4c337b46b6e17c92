// Contracts (zod schemas) for the 'organization-locations' calls; filled by the issue that builds them.
export {};
