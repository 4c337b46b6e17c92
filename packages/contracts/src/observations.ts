// Contracts (zod schemas) for the 'observations' calls; filled by the issue that builds them.
export {};
