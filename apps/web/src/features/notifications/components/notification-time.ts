// When a notification was sent, read in the recipient's time zone as the history row names it (spec 02 §3
// 'Notification': sentUtc, timeZone), dated: '5/8/2026, 1:00 PM CDT'.
import type { TNotification } from '@allclear/contracts';
import { formatLocalTime, TIME_ZONE_IANA, type TimeZoneCode } from '@allclear/domain';
import { browserTimeZone } from '../../../lib/local-time.ts';

/** The sent time of a notification in its time zone (the browser's for an unknown code). */
export function sentTime(n: Pick<TNotification, 'sentUtc' | 'timeZone'>): string {
  const zone = TIME_ZONE_IANA[n.timeZone as TimeZoneCode] ?? browserTimeZone();
  return formatLocalTime(n.sentUtc, zone, { withDate: true });
}
