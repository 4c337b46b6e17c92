// Texts of My Notification Settings (spec 02 §2.9 names its sections; the wording is ours, the server's messages
// are the server's, shown after 1 s: spec 02 §8).

export const SETTINGS_TITLE = 'My Notification Settings';
export const SECTIONS = {
  enable: 'Enable Notifications',
  schedule: 'Weekly Notification Schedule',
  forecast: 'Daily Forecast Emails',
  alertTypes: 'Alert Types',
  notificationType: 'Notification Type',
  alertMode: 'Alert Mode',
  timeZone: 'Time Zone',
} as const;
export const ENABLE_LABEL = 'Receive alert notifications';
export const ENABLE_OFF_NOTE = 'Notifications are off: you receive no alerts until you enable them again.';
export const SCHEDULE_NOTE = 'Alerts reach you on the days and times switched on, read in your time zone.';
export const FORECAST_LABEL = 'Receive daily forecast emails';
export const FORECAST_LOCATIONS = 'Forecast locations';
export const NO_LOCATIONS = 'You have no locations yet: add one on the dashboard.';
export const ALERT_TYPES = {
  precipitationNotification: 'Precipitation',
  severeWeatherNotification: 'Severe weather (National Weather Service alerts)',
  proactiveForecastNotification: 'Forecasts from our meteorologists',
} as const;
export const PUSH = 'Push notification';
export const SMS = 'Text message (SMS)';
export const SMS_NEEDS_PHONE_BEFORE = 'Text messages need a phone number: add one in ';
export const MY_PROFILE = 'My Profile';
export const UNAVAILABLE = 'unavailable';
export const CHANNEL_OFF = 'This channel is turned off on this server: nothing is sent on it.';
export const PUSH_ENABLE = 'Enable push on this browser';
export const PUSH_STATES = {
  subscribed: 'This browser receives push notifications.',
  'not-subscribed': 'This browser is not subscribed yet.',
  denied: 'This browser blocks notifications for this site: allow them in its settings.',
  unsupported: 'This browser cannot receive push notifications.',
} as const;
export const ALERT_MODE_NOTE =
  'Scheduled: within your schedule. Location-based: for your own locations at any time. Scheduled or Location: either.';
export const SAVE = 'Save';
export const SETTINGS_FAILED = 'Problem retrieving your notification settings';
export const SAVE_FAILED = 'Error saving notification settings';
export { WEEKDAY_NAMES as DAY_NAMES } from '@allclear/domain';
