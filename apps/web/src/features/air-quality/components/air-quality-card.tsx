// Air Quality card and 'Air Quality Details' modal (spec 02 §2.3; spec 01 §2 'Air quality gauge'): the main
// pollutant (or the first); the modal's PM2.5, PM10 and Ozone cards, the main one first, outlined and captioned.
// A monitor beyond the 10-mile reach (spec 01 §9) gives no reading: '--' and 'N/A', with its distance.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { AQI_SENSOR_REACH_MILES, elapsedTimeText, formatValue, MISSING_VALUE } from '@allclear/domain';
import type { TPollutant } from '@allclear/contracts';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { useLocationAirQuality } from '../api/get-location-air-quality.ts';
import { AqiGauge } from './aqi-gauge.tsx';

/** The card's texts (spec 02 §2.3, §8). */
export const AIR_QUALITY_TEXTS = {
  failure: "Your AQI data is taking a breather. Hang tight and we'll be back soon!",
  noData: 'No data is available for this location',
  primaryCaption: 'Primary pollutant impacting air quality in your area',
} as const;

/**
 * Whether the pollutant's nearest monitor is beyond the 10-mile reach, so the location has no reading: the
 * server says so (`inReach: false`); the distance alone decides for an answer without the flag.
 */
export function beyondReach(pollutant: TPollutant): boolean {
  return pollutant.inReach === false || pollutant.distanceInMiles > AQI_SENSOR_REACH_MILES;
}

/** '{miles} mi' of a monitor's distance, to 0.1 mi. */
const milesText = (miles: number) => `${formatValue(miles, 1)} mi`;

/** The note of a pollutant without a reading: the reach and how far its nearest monitor is. */
export function beyondReachText(pollutant: TPollutant): string {
  return `No monitor within ${AQI_SENSOR_REACH_MILES} mi; the nearest is ${milesText(pollutant.distanceInMiles)} away`;
}

const DISPLAY_NAME: Record<string, string> = { 'PM2.5': 'PM2.5', PM10: 'PM10', O3: 'Ozone' };
const EXPLANATION: Record<string, string> = {
  'PM2.5':
    'Fine particles (2.5 µm and smaller) from smoke, exhaust and industry; they reach deep into the lungs.',
  PM10: 'Coarse particles (10 µm and smaller) such as dust and pollen; they irritate the eyes, nose and throat.',
  O3: 'Ground-level ozone forms in sunlight from vehicle and industrial emissions; it peaks on hot afternoons.',
};

/** The main pollutant, or the first with a monitor in reach, or the first (spec 02 §2.3). */
export function mainPollutant(pollutants: readonly TPollutant[]): TPollutant | undefined {
  return (
    pollutants.find((p) => p.isMainPollutant && !beyondReach(p)) ??
    pollutants.find((p) => !beyondReach(p)) ??
    pollutants[0]
  );
}

/** The pollutants in the modal's order: the main one first, then PM2.5, PM10, Ozone. */
export function orderedPollutants(pollutants: readonly TPollutant[]): TPollutant[] {
  const main = mainPollutant(pollutants);
  const order = ['PM2.5', 'PM10', 'O3'];
  const rest = pollutants
    .filter((p) => p !== main)
    .sort((a, b) => order.indexOf(a.pollutantName) - order.indexOf(b.pollutantName));
  return main ? [main, ...rest] : rest;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

function PollutantCard({
  pollutant,
  primary,
  now,
}: {
  pollutant: TPollutant;
  primary: boolean;
  now: number;
}) {
  const aqi = pollutant.aqiData;
  const isOzone = pollutant.pollutantName === 'O3';
  const far = beyondReach(pollutant);
  const nowCast = far ? null : aqi.nowCastIndex.value;
  const index = (v: number | null) => (v === null || far ? MISSING_VALUE : String(Math.round(v)));
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={DISPLAY_NAME[pollutant.pollutantName]}
      data-primary={primary ? 'true' : undefined}
      sx={primary ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
    >
      <CardContent sx={{ display: 'grid', gap: 1, justifyItems: 'center' }}>
        <Typography variant="h6" component="h3">
          {DISPLAY_NAME[pollutant.pollutantName]}
        </Typography>
        {primary ? (
          <Typography variant="caption" color="primary">
            {AIR_QUALITY_TEXTS.primaryCaption}
          </Typography>
        ) : null}
        {far ? (
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {beyondReachText(pollutant)}
          </Typography>
        ) : (
          <Typography
            variant="caption"
            color="text.secondary"
          >{`Updated ${elapsedTimeText(Date.parse(pollutant.utcTimeStamp), now)}`}</Typography>
        )}
        <AqiGauge value={nowCast} description={aqi.nowCastIndex.shortDescription} size={150} />
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {EXPLANATION[pollutant.pollutantName]}
        </Typography>
        <Box sx={{ width: '100%', display: 'grid', gap: 0.25 }}>
          <Detail label="NowCast" value={index(aqi.nowCastIndex.value)} />
          <Detail label="1-Hr AQI" value={index(aqi.oneHourIndex.value)} />
          {isOzone ? (
            <Detail label="8-Hr AQI" value={index(aqi.eightHourIndex.value)} />
          ) : (
            <Detail label="24-Hr AQI" value={index(aqi.twentyFourHourIndex.value)} />
          )}
          <Detail label="Source" value={pollutant.sourceName} />
          <Detail label="Distance" value={milesText(pollutant.distanceInMiles)} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** The 'Air Quality Details' modal. */
export function AirQualityDetails({
  open,
  pollutants,
  onClose,
}: {
  open: boolean;
  pollutants: readonly TPollutant[];
  onClose: () => void;
}) {
  // the 'Updated' times are read when the modal mounts; it is reopened to refresh them
  const [now] = useState(() => Date.now());
  const ordered = orderedPollutants(pollutants);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="aq-details-title">
      <DialogTitle id="aq-details-title" sx={{ pr: 6 }}>
        Air Quality Details
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {ordered.map((p, i) => (
            <PollutantCard
              key={p.pollutantName}
              pollutant={p}
              primary={i === 0 && p === mainPollutant(pollutants) && !beyondReach(p)}
              now={now}
            />
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The Air Quality card of a location. */
export function AirQualityCard({ locationId }: { locationId: number }) {
  const query = useLocationAirQuality(locationId);
  const [open, setOpen] = useState(false);
  const pollutants = query.data ?? [];
  const main = mainPollutant(pollutants);
  let body;
  if (query.isPending)
    body = <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading air quality" />;
  else if (query.isError && !query.data)
    body = (
      <Typography role="alert" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {AIR_QUALITY_TEXTS.failure}
      </Typography>
    );
  else if (!main)
    body = (
      <Typography role="status" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {AIR_QUALITY_TEXTS.noData}
      </Typography>
    );
  else
    body = (
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
        {beyondReach(main) ? null : (
          <Typography variant="subtitle2" color="text.secondary">
            {DISPLAY_NAME[main.pollutantName]}
          </Typography>
        )}
        <AqiGauge
          value={beyondReach(main) ? null : main.aqiData.nowCastIndex.value}
          description={main.aqiData.nowCastIndex.shortDescription}
        />
        {beyondReach(main) ? (
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {beyondReachText(main)}
          </Typography>
        ) : null}
        <Button size="small" onClick={() => setOpen(true)}>
          View Details
        </Button>
        <AirQualityDetails open={open} pollutants={pollutants} onClose={() => setOpen(false)} />
      </Box>
    );
  return (
    <Card component="section" aria-label="Air Quality" variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Air Quality
          </Typography>
          <StaleBadge queries={[query]} />
        </Box>
        {body}
      </CardContent>
    </Card>
  );
}
