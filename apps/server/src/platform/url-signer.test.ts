import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './url-signer.ts';

const signer = createUrlSigner(Buffer.alloc(32, 7));
const now = Date.UTC(2026, 6, 1, 12);

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, exp: u.searchParams.get('exp'), sig: u.searchParams.get('sig') };
}

describe('signed URLs', () => {
  it('verifies a URL it signed until the second it expires', () => {
    const { path, exp, sig } = parts(signer.sign('/api/Hardware/WeatherStation/Image/3', now, 60));
    expect(signer.verify(path, exp, sig, now)).toBe(true);
    expect(signer.verify(path, exp, sig, now + 60_000)).toBe(true);
    expect(signer.verify(path, exp, sig, now + 60_001)).toBe(false);
  });

  it('refuses another path, a changed expiry, a forged or missing signature', () => {
    const { exp, sig } = parts(signer.sign('/api/Hardware/WeatherStation/Image/3', now));
    expect(signer.verify('/api/Hardware/WeatherStation/Image/4', exp, sig, now)).toBe(false);
    expect(signer.verify('/api/Hardware/WeatherStation/Image/3', String(Number(exp) + 1), sig, now)).toBe(
      false,
    );
    expect(signer.verify('/api/Hardware/WeatherStation/Image/3', exp, 'x'.repeat(43), now)).toBe(false);
    expect(signer.verify('/api/Hardware/WeatherStation/Image/3', exp, undefined, now)).toBe(false);
    expect(signer.verify('/api/Hardware/WeatherStation/Image/3', 'soon', sig, now)).toBe(false);
  });

  it('matches paths case-insensitively, as the routes do', () => {
    const { exp, sig } = parts(signer.sign('/api/Hardware/WeatherStation/Image/3', now));
    expect(signer.verify('/API/hardware/weatherstation/image/3', exp, sig, now)).toBe(true);
  });

  it('refuses a signature made with another key', () => {
    const other = createUrlSigner(Buffer.alloc(32, 8));
    const { path, exp, sig } = parts(other.sign('/api/x', now));
    expect(signer.verify(path, exp, sig, now)).toBe(false);
  });
});
