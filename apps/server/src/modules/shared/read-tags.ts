// What the API's kept answers were read from (reads.ts drops them on the bus events) and how long one is kept.

/** What a kept answer was read from; reads.ts drops them when the bus says they changed. */
export const readTags = {
  /** A customer's locations, their owners and groups, and its policies (every answer about its locations). */
  customer: (customerId: number) => `customer:${customerId}`,
  /** One location, also before it exists (a 404 kept for an id a new location then takes). */
  location: (locationId: number) => `location:${locationId}`,
  /** One user's own record (GET user/current). */
  user: (userId: string) => `user:${userId}`,
  /** Current conditions, station readings and observation history. */
  observations: 'observations',
  /** Active policy warnings. */
  warnings: 'warnings',
  /** The NWS advisories applied to locations. */
  advisories: 'advisories',
  /** What was read of a location's lightning (the strikes near it): dropped by the engine's 'lightning-changed'. */
  lightning: (locationId: number) => `lightning:${locationId}`,
  /** A customer's proactive forecasts. */
  proactiveForecasts: (customerId: number) => `proactive-forecasts:${customerId}`,
} as const;

/**
 * How long a kept answer is served at most, ms: the spec's shortest poll interval of the calls that keep answers
 * (60 s: alerts, policy warnings, proactive forecasts, observations; spec 01 §9), so even a change without an event
 * (a row edited outside the API, a site renamed, an advisory reaching its end) shows within one poll.
 */
export const READ_TTL_MS = 60_000;
