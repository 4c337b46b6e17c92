import { describe, expect, it } from 'vitest';
import { checkedAddress, isLoopbackAddress, isPrivateAddress } from './url-guard.ts';
import { signWebhook } from './webhook.ts';
import { PermanentDeliveryError, isRetryableStatus } from './types.ts';

describe('signWebhook (Standard Webhooks)', () => {
  it('matches the reference vector of the Standard Webhooks libraries', () => {
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('url guard', () => {
  it.each([
    ['10.0.0.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.0', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['8.8.8.8', false],
    ['::ffff:10.0.0.1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['2606:4700::1111', false],
  ])('%s private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['128.0.0.1', false],
  ])('%s loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });

  it('refuses loopback unless allowed, private always, and non-HTTP schemes', async () => {
    await expect(checkedAddress(new URL('http://127.0.0.1:9/x'), false)).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    await expect(checkedAddress(new URL('http://127.0.0.1:9/x'), true)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(checkedAddress(new URL('http://[::1]:9/x'), false)).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    await expect(checkedAddress(new URL('http://192.168.0.10/x'), true)).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    await expect(checkedAddress(new URL('file:///etc/passwd'), true)).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    // a name that resolves to loopback is refused like the address itself
    await expect(checkedAddress(new URL('http://localhost:9/x'), false)).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
  });
});

describe('isRetryableStatus', () => {
  it.each([
    [200, false],
    [400, false],
    [404, false],
    [408, true],
    [429, true],
    [499, false],
    [500, true],
    [503, true],
  ])('%i → %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});
