// Weather science (issue 3). Each module exports pure functions with units in their names.
export * from './units.ts';
export * from './dew-point.ts';
export * from './heat-index.ts';
export * from './wind-chill.ts';
export * from './sun-position.ts';
export * from './wbgt-liljegren.ts';
export * from './wbgt-estimate.ts';
export * from './et0-fao-daily.ts';
export * from './et0-asce-hourly.ts';
export * from './et0-asce-daily.ts';
export * from './aqi.ts';
export * from './nowcast.ts';
export * from './great-circle.ts';
