// Shown inside the signed-in layout for a path with no registered screen.
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** 'Page not found' with a way home. */
export function NotFound() {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary">
        This page does not exist (yet).{' '}
        <Link component={RouterLink} to="/">
          Go to the dashboard
        </Link>
      </Typography>
    </Box>
  );
}
