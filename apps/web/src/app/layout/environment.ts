// Which deployment this build talks to, for the top bar's environment badge (spec 03 §2.3).

/** The support centre the help link opens (spec 03 §2.3). */
export const SUPPORT_CENTRE_URL = 'https://support.allclear.example/';

/** Extra top padding (px) for the environment strip shown outside production (spec 03 §2.3). */
export const ENVIRONMENT_STRIP_HEIGHT = 24;

const SHORT_NAMES: Record<string, string> = {
  development: 'DEV',
  dev: 'DEV',
  test: 'TEST',
  staging: 'STAGING',
};

/** The badge text for an environment name, or null in production (no badge). */
export function environmentBadge(environment: string | undefined): string | null {
  const name = (environment ?? '').trim().toLowerCase();
  if (name === '' || name === 'production' || name === 'prod') return null;
  return SHORT_NAMES[name] ?? name.toUpperCase();
}

/** The current build's environment: VITE_ENVIRONMENT when set, else Vite's mode. */
export function currentEnvironment(): string {
  return (import.meta.env.VITE_ENVIRONMENT as string | undefined) || import.meta.env.MODE;
}
