// Air quality gauge (spec 01 §2, §9): a half dial from 0 to 300 with the bands at 0, 5, 25, 50, ... 300, the
// NowCast value and its short description ('--' and 'N/A' when missing).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  AQI_GAUGE_BAND_EDGES,
  AQI_GAUGE_MAX,
  aqiGaugeBand,
  aqiGaugeFraction,
  MISSING_VALUE,
} from '@allclear/domain';

/** Shown for a missing description (spec 01 §8). */
export const AQI_MISSING_DESCRIPTION = 'N/A';

/** EPA category colour of an AQI value (good, moderate, sensitive groups, unhealthy, very unhealthy, hazardous). */
export function aqiCategoryColour(value: number): string {
  if (value <= 50) return '#00e400';
  if (value <= 100) return '#ffff00';
  if (value <= 150) return '#ff7e00';
  if (value <= 200) return '#ff0000';
  if (value <= 300) return '#8f3f97';
  return '#7e0023';
}

function point(fraction: number, r: number): [number, number] {
  const angle = Math.PI * (1 - fraction);
  return [60 + r * Math.cos(angle), 60 - r * Math.sin(angle)];
}

/** The gauge. */
export function AqiGauge({
  value,
  description,
  size = 160,
}: {
  value: number | null;
  description: string | null;
  size?: number;
}) {
  const active = value === null ? -1 : aqiGaugeBand(value);
  const needle = point(value === null ? 0 : aqiGaugeFraction(value), 40);
  return (
    <Box sx={{ width: size, textAlign: 'center' }} data-testid="aqi-gauge" data-band={active}>
      <svg
        viewBox="0 0 120 66"
        width={size}
        height={(size * 66) / 120}
        role="img"
        aria-label={`Air quality index ${value ?? MISSING_VALUE} of ${AQI_GAUGE_MAX}`}
      >
        {AQI_GAUGE_BAND_EDGES.slice(0, -1).map((start, i) => {
          const end = AQI_GAUGE_BAND_EDGES[i + 1]!;
          const [x1, y1] = point(start / AQI_GAUGE_MAX, 50);
          const [x2, y2] = point(end / AQI_GAUGE_MAX, 50);
          return (
            <path
              key={start}
              d={`M${x1} ${y1} A50 50 0 0 1 ${x2} ${y2}`}
              fill="none"
              stroke={aqiCategoryColour(start + 0.5)}
              strokeOpacity={i === active ? 1 : 0.45}
              strokeWidth={i === active ? 12 : 9}
            />
          );
        })}
        {value !== null ? (
          <line
            x1={60}
            y1={60}
            x2={needle[0]}
            y2={needle[1]}
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
          />
        ) : null}
        <circle cx={60} cy={60} r={3.5} fill="currentColor" />
      </svg>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
        {value === null ? MISSING_VALUE : Math.round(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {value === null ? AQI_MISSING_DESCRIPTION : (description ?? AQI_MISSING_DESCRIPTION)}
      </Typography>
    </Box>
  );
}
