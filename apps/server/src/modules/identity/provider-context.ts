// oidc-provider keeps the context of each request it handles in an AsyncLocalStorage (its lib/helpers/als.js). On
// Node 20 an enabled AsyncLocalStorage installs promise hooks for the whole process: after the first sign-in, every
// promise of every request (the API's reads included) paid for them, about twice the cost of a bare promise
// (issue 18: an `await` loop ran at 410 ms per 2 million before, 789 ms after). The provider reads that context only
// inside a request it is handling, so the storage is switched off whenever none is in flight; the provider's next
// request switches it on again (AsyncLocalStorage.run enables it).
import providerStorage from 'oidc-provider/lib/helpers/als.js';

let inFlight = 0;

/** Runs one request through the provider; the last one to finish switches the provider's storage off. */
export async function inProviderRequest<T>(handle: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await handle();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) providerStorage.disable();
  }
}

/** The provider's storage itself (tests watch it). */
export { providerStorage };
