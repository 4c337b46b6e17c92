// Configuration from the environment, validated once at start. Every variable is listed in the README.
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: bool.optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  WEB_DEV_ORIGINS: z.string().default('http://localhost:5173'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_ENV: z.enum(['development', 'staging', 'production', 'test']).default('development'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  SIM_SEED: z.coerce.number().int().default(20261122),
  SIM_SPEED: z.coerce.number().positive().default(1),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  oidcIssuer: string | undefined;
  oidcAudience: string;
  webDevOrigins: string[];
  webDist: string | undefined;
  logLevel: string;
  appEnv: 'development' | 'staging' | 'production' | 'test';
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  accessTokenTtlSeconds: number;
  simSeed: number;
  simSpeed: number;
  /** True when running the embedded default (PGlite, no DATABASE_URL). */
  embedded: boolean;
}

export class ConfigError extends Error {}

/** Parses and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset (shells and CI often export VAR= to clear one).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embedded = !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    // The demo seed runs only in the embedded default, or when asked for explicitly.
    seedDemo: e.SEED_DEMO ?? embedded,
    oidcIssuer: e.OIDC_ISSUER,
    oidcAudience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    webDevOrigins: e.WEB_DEV_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    appEnv: e.APP_ENV,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    simSeed: e.SIM_SEED,
    simSpeed: e.SIM_SPEED,
    embedded,
  };
}
