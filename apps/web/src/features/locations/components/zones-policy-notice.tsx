// Where a location's zones are shown and its saved zones or all-clear minutes differ from what the organisation's
// LR policies put in force, the location says so (issue 20; spec 01 §4 'Policy lock'). The API decides
// (zonesInForce.differsFromSaved); no screen recomputes it.
import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { ZONES_POLICY_DIFFERS_NOTICE } from '@allclear/domain';
import type { TZonesInForce } from '@allclear/contracts';

export { ZONES_POLICY_DIFFERS_NOTICE };

/** The notice, or nothing when the saved values are the ones in force. */
export function ZonesPolicyNotice({
  zonesInForce,
  sx,
}: {
  zonesInForce: Pick<TZonesInForce, 'differsFromSaved'> | undefined;
  sx?: SxProps<Theme>;
}) {
  if (!zonesInForce?.differsFromSaved) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="zones-policy-notice"
      sx={[{ py: 0, '& .MuiAlert-message': { py: 0.75 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {ZONES_POLICY_DIFFERS_NOTICE}
    </Alert>
  );
}
