// Contracts (zod schemas) for the 'geocoding' calls; filled by the issue that builds them.
export {};
