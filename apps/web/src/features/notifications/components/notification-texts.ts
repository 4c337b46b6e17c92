// Texts of My Notifications and the bell (spec 02 §2.6, §8; spec 03 §2.3), exactly as the spec writes them.

export const PRODUCT_NAME = 'AllClear';
export const NOTIFICATIONS_TITLE = 'My Notifications';
export const NOTIFICATIONS_SUBTITLE = 'All notifications sent to your account in the past 7 days';
export const NO_NOTIFICATIONS = 'No notifications in the past 7 days';
export const EXPAND = 'Expand';
export const COLLAPSE = 'Collapse';
export const NOTIFICATIONS_FAILED = 'Problem retrieving notifications';
export const NOTIFICATIONS_FAILED_DETAIL = 'Check internet connection.';
export const BELL_EMPTY = 'No recent notifications.';
export const BELL_VIEW_ALL = 'View All';
export const NOTIFICATIONS_DISABLED = 'Notifications Disabled';
