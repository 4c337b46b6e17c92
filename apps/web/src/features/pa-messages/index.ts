// The stored PA messages feature's public edge (spec 02 §2.12; issue 16): the Message Library page
// (/PAStoredMessages), registered lazily by the app's routes; its query, for the PA modal and the siren settings.
export { getStoredMessagesQueryOptions, useStoredMessages } from './api/stored-messages.ts';
