// One policy on the Policies page (spec 02 §2.10, §3 'Policy', §4): its type with its icon, the threshold in the
// type's unit and direction, all-clear and re-alert minutes, its groups ('Inactive' with none), and Edit for those
// the server lets edit it.
import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AirOutlined from '@mui/icons-material/AirOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import DeviceThermostatOutlined from '@mui/icons-material/DeviceThermostatOutlined';
import MasksOutlined from '@mui/icons-material/MasksOutlined';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import type { TPolicy, TSite } from '@allclear/contracts';
import { isLightningPolicyType } from '@allclear/domain';
import { INACTIVE } from './policy-texts.ts';

/** The icon of a policy type (spec 01 §9: a single icon per type family). */
function iconOf(shortName: string): ReactElement {
  if (isLightningPolicyType(shortName)) return <BoltOutlined />;
  if (shortName === 'WIND' || shortName === 'GUST') return <AirOutlined />;
  if (shortName === 'PRECIP') return <WaterDropOutlined />;
  if (shortName.startsWith('AQI')) return <MasksOutlined />;
  return <DeviceThermostatOutlined />;
}

/** What the threshold means: a radius for lightning, else the direction of the breach (spec 01 §5). */
export function thresholdText(
  policy: Pick<TPolicy, 'policyTypeShortName' | 'threshold' | 'unit' | 'isDesc'>,
) {
  if (isLightningPolicyType(policy.policyTypeShortName)) return `Within ${policy.threshold} ${policy.unit}`;
  return `${policy.isDesc ? 'At or below' : 'At or above'} ${policy.threshold} ${policy.unit}`;
}

export interface PolicyCardProps {
  policy: TPolicy;
  groups: readonly TSite[];
  onEdit: (policy: TPolicy) => void;
}

/** The card. */
export function PolicyCard({ policy, groups, onEdit }: PolicyCardProps) {
  const titleId = `policy-${policy.id}-title`;
  const names = policy.sites.map((id) => groups.find((g) => g.id === id)?.name).filter(Boolean);
  const groupText = policy.allGroups ? 'All groups' : names.join(', ');
  const inactive = !policy.allGroups && policy.sites.length === 0;
  const notifies = policy.notificationActions.some((a) => !a.allClear);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
            {iconOf(policy.policyTypeShortName)}
          </Box>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1, lineHeight: 1.3 }}>
            {policy.policyTypeName}
          </Typography>
          {inactive ? <Chip size="small" label={INACTIVE} color="warning" variant="outlined" /> : null}
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{thresholdText(policy)}</Typography>
        <Box
          component="dl"
          sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            All clear
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {`${policy.allClearMinutes} min`}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Re-alert
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {`${policy.reAlertMinutes} min`}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Groups
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {inactive ? 'None' : groupText}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Notify Users
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {notifies ? 'On' : 'Off'}
          </Typography>
        </Box>
      </CardContent>
      {policy.abilities.edit ? (
        <CardActions>
          <Button onClick={() => onEdit(policy)} aria-label={`Edit ${policy.policyTypeName} policy`}>
            Edit
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
