// The dev service (/dev, loopback callers only): the local outbox and the fault switch (issue 6).
import { z } from 'zod';

/** `PUT /dev/faults` body. */
export const ZFaultInput = z.strictObject({
  /** A regular expression (case-insensitive, like the routes) tested against the request path without query. */
  pathPattern: z.string().min(1).max(500),
  /** The status to answer; 400–599 unless `body` is given. */
  status: z.number().int().min(200).max(599),
  /** Only this user's requests fail (matched by the access token's subject); every caller's when absent. */
  userEmail: z.string().email().optional(),
  /** Answer this JSON body instead of the responseException envelope. */
  body: z.unknown().optional(),
});
export type TFaultInput = z.infer<typeof ZFaultInput>;

/** A fault in force. */
export const ZFault = z.object({
  id: z.number().int(),
  pathPattern: z.string(),
  status: z.number().int(),
  userEmail: z.string().nullable(),
  body: z.unknown().optional(),
});
export type TFault = z.infer<typeof ZFault>;

/** `DELETE /dev/faults?userEmail`: only that user's faults when given. */
export const ZFaultClearQuery = z.strictObject({ userEmail: z.string().optional() });

/** `DELETE /dev/faults/{id}`. */
export const ZFaultIdParam = z.strictObject({ id: z.coerce.number().int().positive() });

/** How many faults a DELETE removed. */
export const ZFaultsRemoved = z.object({ removed: z.number().int() });

/** A message the notifier kept in the local outbox instead of sending. */
export const ZOutboxMessage = z.object({
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The e-mail's extra headers (List-Unsubscribe, List-Unsubscribe-Post for a notification-only contact). */
  headers: z.record(z.string(), z.string()),
  /** Files the e-mail carried (an e-mailed report, issue 17), with their bytes in base64. */
  attachments: z
    .array(
      z.object({
        fileName: z.string(),
        contentType: z.string(),
        sizeBytes: z.number(),
        contentBase64: z.string(),
      }),
    )
    .optional(),
  /** ISO 8601. */
  time: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
