// What every channel is given, and how it says that a failure is final (no retry) rather than passing.

/** One delivery to send: the event's texts and the recipient's address on this channel. */
export interface OutgoingMessage {
  deliveryId: string;
  eventId: string;
  correlationId: string;
  kind: string;
  notificationType: number;
  customerId: number;
  locationId: number | null;
  policyId: number | null;
  occurredAt: Date;
  subject: string;
  body: string;
  details: Record<string, unknown>;
  /** E-mail address, phone number, URL or scenario id. */
  address: string;
  recipientKey: string;
  userId: string | null;
  /** Extra e-mail headers (List-Unsubscribe and List-Unsubscribe-Post for a notification-only contact). */
  headers?: Record<string, string>;
  /** E-mail copies (Cc): a consultation request's asker and admins (issue 15). */
  cc?: string[];
  /** Where an e-mail's reply goes (Reply-To): a consultation request's asker. */
  replyTo?: string;
  /** Files an e-mail carries (an e-mailed report's CSV and XLSX, issue 17). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

/** A failure that retrying cannot fix (bad address, refused URL, 4xx other than 408/429). */
export class PermanentDeliveryError extends Error {}

/** Sends one message; throws to retry, throws PermanentDeliveryError to dead-letter at once. */
export type ChannelSender = (message: OutgoingMessage) => Promise<void>;

/** Retry on 408, 425, 429 and 5xx; any other status outside 2xx is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}
