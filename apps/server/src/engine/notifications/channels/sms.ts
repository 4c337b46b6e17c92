// SMS through the Twilio REST API: POST {TWILIO_API_URL}/2010-04-01/Accounts/{sid}/Messages.json.
import { isRetryableStatus, PermanentDeliveryError, type ChannelSender } from './types.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  fetch?: typeof fetch;
}

/** Twilio's maximum SMS body (1600 characters, split into segments by Twilio). */
export const TWILIO_MAX_BODY = 1600;

/** A sender that accepts on 201 Created; 429 and 5xx are retried, other statuses are final. */
export function twilioSender(opts: TwilioOptions): ChannelSender {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64');
  return async (message) => {
    const body = new URLSearchParams({
      To: message.address,
      From: opts.from,
      Body: message.body.slice(0, TWILIO_MAX_BODY),
    });
    const response = await doFetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (response.ok) return;
    const text = await response.text().catch(() => '');
    const error = `Twilio ${response.status}: ${text.slice(0, 200)}`;
    if (isRetryableStatus(response.status)) throw new Error(error);
    throw new PermanentDeliveryError(error);
  };
}
