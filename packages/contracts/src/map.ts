// Contracts (zod schemas) for the 'map' calls; filled by the issue that builds them.
export {};
