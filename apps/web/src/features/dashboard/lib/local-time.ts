// The dashboard's times read in the location's zone: the web's shared helpers (src/lib/local-time.ts).
export * from '../../../lib/local-time.ts';
