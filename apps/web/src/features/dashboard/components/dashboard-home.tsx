// Home (/): the dashboard header, the empty and error states, and the user's locations (spec 02 §2.2).
// The dashboard issue grows this into the full card set.
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { countLocationsInWarning, useLocations, type DashboardLocation } from '../api/get-locations.ts';
import { DashboardHeader } from './dashboard-header.tsx';

/** The home screen. */
export default function DashboardHome() {
  const locations = useLocations();
  const today = dayjs();

  if (locations.isPending) {
    return (
      <>
        <DashboardHeader today={today} warningCount={null} />
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading locations" />
        </Box>
      </>
    );
  }

  if (locations.isError) {
    return (
      <>
        <DashboardHeader today={today} warningCount={null} />
        <StateMessage
          icon={<CloudOffOutlined />}
          title="Problem retrieving locations"
          detail="Check internet connection."
        />
      </>
    );
  }

  const list = locations.data;
  if (list.length === 0) {
    return (
      <>
        <DashboardHeader today={today} warningCount={null} />
        <StateMessage
          icon={<PlaceOutlined />}
          title="You don't have any locations added"
          detail="Add a location to continue."
        />
      </>
    );
  }

  return (
    <>
      <DashboardHeader today={today} warningCount={countLocationsInWarning(list)} />
      <Box
        component="ul"
        aria-label="Your locations"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {list.map((location) => (
          <LocationCard key={location.id} location={location} />
        ))}
      </Box>
    </>
  );
}

function LocationCard({ location }: { location: DashboardLocation }) {
  return (
    <Card component="li" aria-label={location.label}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom noWrap title={location.label}>
          {location.label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {location.locationName}
        </Typography>
      </CardContent>
    </Card>
  );
}

function StateMessage({ icon, title, detail }: { icon: React.ReactNode; title: string; detail: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', color: 'text.secondary' }}>
      <Box sx={{ fontSize: 40, mb: 1, '& svg': { fontSize: 'inherit' } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h6" component="h2" color="text.primary">
        {title}
      </Typography>
      <Typography>{detail}</Typography>
    </Paper>
  );
}
