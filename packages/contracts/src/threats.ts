// Contracts (zod schemas) for the 'threats' calls; filled by the issue that builds them.
export {};
