// The notifier's settings, read from the environment (each variable is listed in the README by the lead).
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const SettingsSchema = z.object({
  SMTP_URL: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(1).default('AllClear <alerts@allclear.local>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  ALLOW_PRIVATE_WEBHOOKS: flag.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SINGLEWIRE_API_URL: z.url().default('https://api.icmobile.singlewire.com/api/v1'),
  VAPID_SUBJECT: z.string().min(1).default('mailto:alerts@allclear.local'),
  NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(2),
  NOTIFY_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(120),
  NOTIFY_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
  NOTIFY_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  NOTIFY_SMS_PER_MINUTE: z.coerce.number().int().min(1).default(6),
  NOTIFY_EMAIL_PER_MINUTE: z.coerce.number().int().min(1).default(10),
});

export type NotifierSettings = z.infer<typeof SettingsSchema>;

/** Parses the notifier's variables; throws naming every bad one. */
export function loadNotifierSettings(
  env: Record<string, string | undefined> = process.env,
): NotifierSettings {
  const parsed = SettingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid notifier configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
