// Singlewire InformaCast Mobile: a mapped policy group's scenario is triggered with
// POST {SINGLEWIRE_API_URL}/scenario-notifications and the customer's token (bearer).
import {
  isRetryableStatus,
  PermanentDeliveryError,
  type ChannelSender,
  type OutgoingMessage,
} from './types.ts';

export interface SinglewireOptions {
  apiUrl: string;
  /** The customer's Singlewire token and the mapping's site, by delivery. */
  mappingOf(message: OutgoingMessage): Promise<{ token: string | null; siteId: string } | null>;
  fetch?: typeof fetch;
}

/** A sender that triggers the scenario (address = scenario id); 2xx accepts, 429/5xx retry. */
export function singlewireSender(opts: SinglewireOptions): ChannelSender {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.apiUrl.replace(/\/$/, '')}/scenario-notifications`;
  return async (message) => {
    const mapping = await opts.mappingOf(message);
    if (!mapping?.token) throw new PermanentDeliveryError('Singlewire mapping or token missing');
    const response = await doFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${mapping.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        scenarioId: message.address,
        siteId: mapping.siteId,
        subject: message.subject,
        body: message.body,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.ok) return;
    const error = `Singlewire ${response.status}`;
    if (isRetryableStatus(response.status)) throw new Error(error);
    throw new PermanentDeliveryError(error);
  };
}
