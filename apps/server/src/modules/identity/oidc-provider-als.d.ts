// oidc-provider's own request context (lib/helpers/als.js; the package has no exports map, so the file is reachable).
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';

  const providerStorage: AsyncLocalStorage<unknown>;
  export default providerStorage;
}
