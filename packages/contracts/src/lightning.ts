// Contracts (zod schemas) for the 'lightning' calls; filled by the issue that builds them.
export {};
