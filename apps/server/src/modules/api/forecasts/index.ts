// What other API modules use of forecasts: the rest of today's hours (threats' 'Today's Policy Risks').
export { todaysHours } from './todays-hours.ts';
