// The texts of the unsubscribe page (ours: the spec shows only the warning icon it leads to, spec 02 §2.8).
export const UNSUBSCRIBE_PAGE_TEXTS = {
  askTitle: 'Unsubscribe from AllClear e-mails',
  ask: 'You will no longer receive weather and lightning alerts from AllClear by e-mail. Alerts by text message are not affected.',
  button: 'Unsubscribe',
  doneTitle: 'You are unsubscribed',
  done: 'You will no longer receive AllClear alerts by e-mail.',
  already: 'You had already unsubscribed: you receive no AllClear alerts by e-mail.',
  invalidTitle: 'This link is not valid',
  invalid:
    'This unsubscribe link is not valid any more. Ask the organisation that added you to remove your address.',
} as const;
