// The generic error screen (spec 03 §2.2): 'Way to go, you broke it.'
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Full-area error message with a reload action. */
export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <Box role="alert" sx={{ p: 4, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Way to go, you broke it.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The dashboard has an issue loading. Try again, and if it keeps happening, contact support.
      </Typography>
      <Button variant="contained" onClick={onRetry ?? (() => window.location.reload())}>
        Try Again
      </Button>
    </Box>
  );
}
