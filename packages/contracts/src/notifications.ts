// Contracts (zod schemas) for the 'notifications' calls; filled by the issue that builds them.
export {};
