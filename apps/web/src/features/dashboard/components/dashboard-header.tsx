// Dashboard header (spec 02 §2.2): today's date and how many locations are in a policy warning.
import type { Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** 'You have N location(s) in a policy warning' (spec 02 §2.2). */
export function policyWarningText(count: number): string {
  return `You have ${count} location(s) in a policy warning`;
}

/** Date line and warning banner above the dashboard. */
export function DashboardHeader({ today, warningCount }: { today: Dayjs; warningCount: number | null }) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        <time dateTime={today.format('YYYY-MM-DD')}>{today.format('dddd, MMMM D, YYYY')}</time>
      </Typography>
      <Typography variant="h4" component="h1">
        Dashboard
      </Typography>
      {warningCount !== null ? (
        <Typography
          role="status"
          sx={{ mt: 1, fontWeight: 500, color: warningCount > 0 ? 'warning.main' : 'text.secondary' }}
        >
          {policyWarningText(warningCount)}
        </Typography>
      ) : null}
    </Box>
  );
}
