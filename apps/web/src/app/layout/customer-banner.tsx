// The customer's banner text as an info alert, when present (spec 03 §2.2).
import Alert from '@mui/material/Alert';

/** Info alert with the customer's banner; nothing when the banner is empty. */
export function CustomerBanner({ banner }: { banner: string | null | undefined }) {
  const text = banner?.trim();
  if (!text) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}
