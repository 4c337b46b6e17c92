// Weather icon codes of spec 01 §9: 0002-0005, 0011-0030, 2012-2030, 9000-9005, 9100, 9200, 9201,
// and daily codes ending in 06, 11, 16, 17, 18, 24, 25 or 26 are snow (spec 01 §4 'Forecast
// breakdown'). The spec names the codes but not their meaning; this table is our reading of it:
// 00xx are day conditions, 20xx the same conditions at night, 90xx/91xx/92xx special cases.

/** Our meaning of each spec icon code. */
export const WEATHER_CODE_TEXT: Readonly<Record<string, string>> = {
  '0002': 'Clear',
  '0003': 'Partly Cloudy',
  '0004': 'Mostly Cloudy',
  '0005': 'Overcast',
  '0006': 'Snow Possible',
  '0011': 'Light Snow',
  '0012': 'Drizzle',
  '0013': 'Light Rain',
  '0014': 'Rain',
  '0015': 'Heavy Rain',
  '0016': 'Snow',
  '0017': 'Heavy Snow',
  '0018': 'Blowing Snow',
  '0019': 'Freezing Drizzle',
  '0020': 'Freezing Rain',
  '0021': 'Sleet',
  '0022': 'Rain Showers',
  '0023': 'Thunderstorms',
  '0024': 'Snow Showers',
  '0025': 'Rain and Snow',
  '0026': 'Wintry Mix',
  '0027': 'Fog',
  '0028': 'Haze',
  '0029': 'Windy',
  '0030': 'Severe Thunderstorms',
  '9000': 'Clear Night',
  '9001': 'Mostly Clear Night',
  '9002': 'Partly Cloudy Night',
  '9003': 'Mostly Cloudy Night',
  '9004': 'Fog Night',
  '9005': 'Haze Night',
  '9100': 'Hot',
  '9200': 'Cold',
  '9201': 'Frigid',
};

/** Text for an icon code ('Unknown' for codes outside the table). */
export function weatherCodeText(code: string): string {
  return WEATHER_CODE_TEXT[code] ?? WEATHER_CODE_TEXT[`00${code.slice(2)}`] ?? 'Unknown';
}

/** Whether a code is a snow code (ends in 06, 11, 16, 17, 18, 24, 25 or 26; spec 01 §4). */
export function isSnowWeatherCode(code: string): boolean {
  return ['06', '11', '16', '17', '18', '24', '25', '26'].includes(code.slice(-2));
}

export interface WeatherCodeInputs {
  cloudFraction: number;
  /** Liquid-equivalent precipitation rate, mm/h. */
  precipitationMmPerHour: number;
  temperatureC: number;
  thunder: boolean;
  severe: boolean;
  dayLight: boolean;
  windSpeedMs: number;
}

/** Icon code for the simulated or parsed state (day codes 00xx, night codes 20xx / 900x). */
export function weatherCodeFor(inputs: WeatherCodeInputs): string {
  const night = !inputs.dayLight;
  const withNight = (day: string) => (night ? `20${day.slice(2)}` : day);
  const rate = inputs.precipitationMmPerHour;
  if (inputs.thunder) return withNight(inputs.severe ? '0030' : '0023');
  if (rate >= 0.1) {
    if (inputs.temperatureC <= 0) return withNight(rate >= 4 ? '0017' : rate >= 1 ? '0016' : '0011');
    if (inputs.temperatureC <= 1.5) return withNight('0025');
    return withNight(rate >= 7.6 ? '0015' : rate >= 2.5 ? '0014' : rate >= 0.5 ? '0013' : '0012');
  }
  if (inputs.windSpeedMs >= 11) return withNight('0029');
  const c = inputs.cloudFraction;
  if (night) return c < 0.2 ? '9000' : c < 0.4 ? '9001' : c < 0.7 ? '9002' : '9003';
  return c < 0.2 ? '0002' : c < 0.5 ? '0003' : c < 0.85 ? '0004' : '0005';
}

/** The code of a sky the source did not describe (an unknown icon or WMO code): partly cloudy, dry. */
export function unknownSkyCode(dayLight: boolean): string {
  return weatherCodeFor({
    cloudFraction: 0.5,
    precipitationMmPerHour: 0,
    temperatureC: 15,
    thunder: false,
    severe: false,
    dayLight,
    windSpeedMs: 0,
  });
}

/** Which code of a day is the most significant (precipitation beats sky, thunder beats rain). */
export function weatherCodeRank(code: string): number {
  const tail = Number(code.slice(2));
  if (code.startsWith('90')) return tail;
  if (tail === 30) return 100;
  if (tail === 23) return 90;
  if (tail >= 11 && tail <= 26) return 50 + tail;
  if (tail === 29) return 20;
  return tail;
}
