// What other API modules use of observations: the reads of conditions and weather stations (threats, weather
// stations) and the presenters of stored conditions in the spec's units (forecasts, weather stations).
export { ObservationReadRepository, type StationDetail } from './observation.repository.ts';
export {
  compassOf,
  measure,
  presentObservationData,
  presentStation,
  weatherCode,
} from './observation.presenter.ts';
