// Enumerations of spec 01 §3, spec 02 §3 and spec 03 §3. Numeric values are the spec's.

/** Notification type (spec 01 §3). */
export const NotificationType = {
  Other: 1,
  Lightning: 2,
  WBGT: 3,
  HEAT: 4,
  CHILL: 5,
  PRECIP: 6,
  WIND: 7,
  GUST: 8,
  AQI: 9,
  SIREN: 10,
  NWS: 11,
  PROACTIVE_FORECAST: 13,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** Customer feature (entitlement) ids (spec 01 §3). */
export const CustomerFeature = {
  GPS_Tracking: 1,
  MET_SUPPORT: 2,
  PA_FULL_ACCESS: 3,
  MASS_NOTIFY_ACCESS: 6,
  WIDGET_ACCESS: 7,
  LIVE_CAMERA_ACCESS: 8,
  FOURTH_LIGHTNING_ZONE_SUPPORT: 9,
  INTEGRATIONS_SINGLEWIRE_ACCESS: 10,
} as const;
export type CustomerFeature = (typeof CustomerFeature)[keyof typeof CustomerFeature];
export const ALL_CUSTOMER_FEATURES: readonly CustomerFeature[] = Object.values(CustomerFeature);

/** Alert mode (spec 01 §3, spec 02 §4). */
export const AlertMode = { Scheduled: 0, LocationBased: 1, ScheduledOrLocation: 2 } as const;
export type AlertMode = (typeof AlertMode)[keyof typeof AlertMode];

/** Lightning strike types (spec 01 §3). */
export const StrikeType = { GroundGeneral: 1, GroundToCloud: 2, CloudToGround: 3, CloudPulse: 4 } as const;
export type StrikeType = (typeof StrikeType)[keyof typeof StrikeType];
export const STRIKE_TYPE_NAMES: Record<StrikeType, string> = {
  1: 'Ground General',
  2: 'Ground to Cloud',
  3: 'Cloud to Ground',
  4: 'Cloud Pulse',
};

/** Chance labels (spec 01 §3). */
export const CHANCE_LABELS = ['Low Chance', 'Moderate Chance', 'High Chance'] as const;

/** Radar types (spec 01 §3). */
export const RADAR_TYPES = [
  'past',
  'future',
  'extended',
  'current-road-conditions',
  'future-road-conditions',
] as const;
export type RadarType = (typeof RADAR_TYPES)[number];

/** Radar playback state (spec 01 §3). */
export type RadarPlaybackState = 'STATIC' | 'SCRUB' | 'PLAY';

/** Map action mode (spec 01 §3). */
export type MapActionMode = 'none' | 'measure' | 'observation';

/** Policy type short names (spec 01 §3, spec 02 §3). */
export const POLICY_TYPE_SHORT_NAMES = [
  'LR1',
  'LR2',
  'LR3',
  'LR4',
  'CHILL',
  'HEAT',
  'WBGT',
  'PRECIP',
  'WIND',
  'GUST',
  'AQI',
  'AQI-MAX',
  'AQI-PM2.5',
  'AQI-PM10',
  'AQI-O3',
] as const;
export type PolicyTypeShortName = (typeof POLICY_TYPE_SHORT_NAMES)[number];

/** Hardware model ids (spec 02 §3). */
export const HARDWARE_MODELS = ['OWX', 'OWS', 'WXS'] as const;
export type HardwareModel = (typeof HARDWARE_MODELS)[number];

/** Notification delivery type of a user (spec 02 §9): 0 push, 1 SMS. */
export const NotificationDeliveryType = { Push: 0, SMS: 1 } as const;

/** Customer status values read by the client (spec 03 §4). */
export const CustomerStatus = { ACTIVE: 'ACTIVE', TRIAL: 'TRIAL', INACTIVE: 'INACTIVE' } as const;
export type CustomerStatus = (typeof CustomerStatus)[keyof typeof CustomerStatus];

/** Time zones offered (spec 01 §9, spec 03 §9). */
export const TIME_ZONES = ['CST', 'PST', 'EST', 'MST'] as const;
export type TimeZoneCode = (typeof TIME_ZONES)[number];
/** IANA zone for each offered time-zone code. */
export const TIME_ZONE_IANA: Record<TimeZoneCode, string> = {
  CST: 'America/Chicago',
  PST: 'America/Los_Angeles',
  EST: 'America/New_York',
  MST: 'America/Denver',
};
