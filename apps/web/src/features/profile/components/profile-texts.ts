// Texts of My Profile and its Change Password modal (spec 02 §2.11, §8; the field labels are ours).

export const PROFILE_TITLE = 'My Profile';
export const CHANGE_PASSWORD = 'Change Password';
export const PASSWORD_ERROR = 'Error changing password';
export const PROFILE_SAVED = 'Profile saved';
export const PROFILE_SAVE_FAILED = 'Error saving profile';
export const PROFILE_FAILED = 'Problem retrieving your profile';
/** The phone hint (spec 02 §2.11 'A phone hint links to /NotificationSettings'). */
export const PHONE_HINT_BEFORE = 'Text-message alerts go to this number. Choose how you are alerted in ';
export const PHONE_HINT_LINK = 'Notification Settings';
export const EMAIL_HINT = 'Your e-mail address is your sign-in name; ask an administrator to change it.';
export const PASSWORD_RULES =
  'At least 12 characters (a passphrase of a few words is best), at most 128. Any characters; not a common password.';
export const LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmedNewPassword: 'Confirm New Password',
} as const;
