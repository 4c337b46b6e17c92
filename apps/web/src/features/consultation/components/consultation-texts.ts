// Texts of Ask a Meteorologist (spec 02 §2.7, §8; the spec's texts exactly, the labels ours) and its right-hand panel.
import { CONSULTATION_MESSAGES } from '@allclear/contracts';

export const CONSULTATION_TITLE = 'Ask a Meteorologist';
export const CONSULTATION_INTRO =
  'Our full-time meteorologists answer questions about the weather at your venues: storm timing, lightning, heat and more.';
export const SUCCESS = CONSULTATION_MESSAGES.success;
export const FAILURE = CONSULTATION_MESSAGES.failurePage;
export const ERROR_TOAST = 'Error submitting request: ';
export const SEND_ANOTHER = 'Send another request';
export const TRY_AGAIN = 'Try again';
export const SENDING = 'Sending your question…';
export const SEND = 'Send';
export const LABELS = {
  message: 'Your question',
  preferredContact: 'How would you like to be answered?',
  email: 'Email',
  phone: 'Phone Number',
  ccdEmails: 'Copy other admins (optional)',
} as const;
export const CONTACT_LABELS = { email: 'Email', phone: 'Phone call', text: 'Text message' } as const;
export const PANEL = {
  title: 'Other ways to reach us',
  helpCenter: 'Help Center',
  helpCenterUrl: 'https://support.allclear.example/',
  email: 'support@allclear.example',
  phone: '+1 (800) 555-0142',
  phoneHref: 'tel:+18005550142',
  hardware: 'Learn more about on-site hardware',
  hardwareUrl: 'https://allclear.example/hardware',
} as const;
