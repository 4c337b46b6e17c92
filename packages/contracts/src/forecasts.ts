// Contracts (zod schemas) for the 'forecasts' calls; filled by the issue that builds them.
export {};
