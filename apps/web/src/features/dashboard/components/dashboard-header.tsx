// Dashboard header (spec 02 §2.2): today's date, how many locations are in a policy warning (or the no-locations
// variant) and the add-location action.
import type { ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** 'You have N location(s) in a policy warning' (spec 02 §2.2). */
export function policyWarningText(count: number): string {
  return `You have ${count} location(s) in a policy warning`;
}

/** The banner without locations (spec 02 §2.2 'or a no-locations variant'). */
export const NO_LOCATIONS_BANNER = "You don't have any locations yet";

/** Date line, warning banner and the add-location action above the dashboard. */
export function DashboardHeader({
  today,
  warningCount,
  action,
}: {
  today: Dayjs;
  /** null hides the banner (loading or failed); 'none' shows the no-locations variant. */
  warningCount: number | 'none' | null;
  action?: ReactNode;
}) {
  return (
    <Box component="header" sx={{ mb: 2, display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          <time dateTime={today.format('YYYY-MM-DD')}>{today.format('dddd, MMMM D, YYYY')}</time>
        </Typography>
        <Typography variant="h4" component="h1">
          Dashboard
        </Typography>
        {warningCount !== null ? (
          <Typography
            role="status"
            data-testid="warning-banner"
            sx={{
              mt: 0.5,
              fontWeight: 500,
              color: typeof warningCount === 'number' && warningCount > 0 ? 'error.main' : 'text.secondary',
            }}
          >
            {warningCount === 'none' ? NO_LOCATIONS_BANNER : policyWarningText(warningCount)}
          </Typography>
        ) : null}
      </Box>
      {action}
    </Box>
  );
}
