// The Filter popover of the Users page (spec 02 §2.8): accordions User Status (Inactive, Active), User Groups and
// User Permission Levels (the roles plus Notification Only), each showing 'Showing x of y'; the active filters as
// chips beside it with Clear Filters. An empty selection means all.
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FilterList from '@mui/icons-material/FilterList';
import { USER_STATUSES, showingText, type DirectoryFilter, type UserStatus } from '@allclear/domain';
import {
  CLEAR_FILTERS,
  FILTER,
  FILTER_PERMISSION_LEVELS,
  FILTER_USER_GROUPS,
  FILTER_USER_STATUS,
} from './user-texts.ts';

export interface FilterChoice<V> {
  value: V;
  label: string;
}

export interface UserFilterProps {
  filter: DirectoryFilter;
  groups: readonly FilterChoice<number>[];
  permissionLevels: readonly FilterChoice<number>[];
  onChange: (filter: DirectoryFilter) => void;
}

const STATUS_CHOICES: FilterChoice<UserStatus>[] = USER_STATUSES.map((s) => ({ value: s, label: s }));

const toggle = <V,>(list: readonly V[], value: V): V[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** The Filter button and its popover. */
export function UserFilterButton({ filter, groups, permissionLevels, onChange }: UserFilterProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = filter.statuses.length + filter.siteIds.length + filter.roleIds.length;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={
          <Badge badgeContent={active} color="primary">
            <FilterList />
          </Badge>
        }
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
      >
        {FILTER}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': FILTER, sx: { width: 320, maxWidth: '90vw' } } }}
      >
        <FilterGroup
          title={FILTER_USER_STATUS}
          choices={STATUS_CHOICES}
          selected={filter.statuses}
          onToggle={(v) => onChange({ ...filter, statuses: toggle(filter.statuses, v) })}
        />
        <FilterGroup
          title={FILTER_USER_GROUPS}
          choices={groups}
          selected={filter.siteIds}
          onToggle={(v) => onChange({ ...filter, siteIds: toggle(filter.siteIds, v) })}
        />
        <FilterGroup
          title={FILTER_PERMISSION_LEVELS}
          choices={permissionLevels}
          selected={filter.roleIds}
          onToggle={(v) => onChange({ ...filter, roleIds: toggle(filter.roleIds, v) })}
        />
      </Popover>
    </>
  );
}

function FilterGroup<V extends string | number>({
  title,
  choices,
  selected,
  onToggle,
}: {
  title: string;
  choices: readonly FilterChoice<V>[];
  selected: readonly V[];
  onToggle: (value: V) => void;
}) {
  const id = `filter-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Accordion disableGutters elevation={0} square>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Stack>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary">
            {showingText(selected.length, choices.length)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <FormGroup aria-label={title}>
          {choices.map((c) => (
            <FormControlLabel
              key={String(c.value)}
              control={<Checkbox checked={selected.includes(c.value)} onChange={() => onToggle(c.value)} />}
              label={c.label}
            />
          ))}
        </FormGroup>
      </AccordionDetails>
    </Accordion>
  );
}

/** The active filters as chips (each removable), and Clear Filters; nothing when no filter is active. */
export function UserFilterChips({ filter, groups, permissionLevels, onChange }: UserFilterProps) {
  const chips = [
    ...filter.statuses.map((s) => ({
      key: `status-${s}`,
      label: s,
      remove: () => onChange({ ...filter, statuses: filter.statuses.filter((v) => v !== s) }),
    })),
    ...filter.siteIds.map((id) => ({
      key: `group-${id}`,
      label: groups.find((g) => g.value === id)?.label ?? String(id),
      remove: () => onChange({ ...filter, siteIds: filter.siteIds.filter((v) => v !== id) }),
    })),
    ...filter.roleIds.map((id) => ({
      key: `role-${id}`,
      label: permissionLevels.find((r) => r.value === id)?.label ?? String(id),
      remove: () => onChange({ ...filter, roleIds: filter.roleIds.filter((v) => v !== id) }),
    })),
  ];
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Active filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', listStyle: 'none', p: 0, m: 0 }}
    >
      {chips.map((c) => (
        <li key={c.key}>
          <Chip label={c.label} onDelete={c.remove} size="small" />
        </li>
      ))}
      <li>
        <Button size="small" onClick={() => onChange({ statuses: [], siteIds: [], roleIds: [] })}>
          {CLEAR_FILTERS}
        </Button>
      </li>
    </Box>
  );
}
