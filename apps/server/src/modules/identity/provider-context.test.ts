// oidc-provider's request storage is switched off once no provider request is in flight, never under one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inProviderRequest, providerStorage } from './provider-context.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the provider storage between requests', () => {
  it('stays on while a request is in flight, keeping its context, and goes off when the last one ends', async () => {
    const disable = vi.spyOn(providerStorage, 'disable');
    let finishFirst!: () => void;
    const first = inProviderRequest(() =>
      providerStorage.run({ request: 1 }, async () => {
        await new Promise<void>((resolve) => (finishFirst = resolve));
        return providerStorage.getStore();
      }),
    );
    const second = await inProviderRequest(() =>
      providerStorage.run({ request: 2 }, async () => {
        await null;
        return providerStorage.getStore();
      }),
    );
    // the second ended with the first still in flight: nothing switched off under it
    expect(second).toEqual({ request: 2 });
    expect(disable).not.toHaveBeenCalled();
    finishFirst();
    expect(await first).toEqual({ request: 1 });
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it('goes off after a request that failed too, and the next request has its context again', async () => {
    const disable = vi.spyOn(providerStorage, 'disable');
    await expect(
      inProviderRequest(() =>
        providerStorage.run({ request: 3 }, async () => {
          await null;
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(disable).toHaveBeenCalledTimes(1);
    expect(providerStorage.getStore()).toBeUndefined();
    const again = await inProviderRequest(() =>
      providerStorage.run({ request: 4 }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return providerStorage.getStore();
      }),
    );
    expect(again).toEqual({ request: 4 });
  });
});
