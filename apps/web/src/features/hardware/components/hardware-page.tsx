// The On-Site Hardware page (/Hardware, spec 02 §2.5, §4, §5, §8, §9; issue 16): search (filtering only over 2
// characters, every field), the view filter 'All / Outdoor Warning System / Weather Station', 'Bulk Actions (n)' with
// 2 or more selected, 'Send PA Message' with pa.full_access, the siren drills, and the cards 15 a page. The list
// refreshes every 5 minutes and at once when a unit reports (the hardware stream). Search, view and page live in the
// URL. Tests and Stop Test answer each siren's acknowledgement with the toasts of §8. A bulk action never reaches a
// unit the user cannot see: changing the search, the view or the page clears the selection, and a bulk test or Stop
// Test first names the units it will act on.
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import type { THardware, TSirenCommandResult, TSirenTestType } from '@allclear/contracts';
import {
  BULK_TEST_WARNING,
  SIREN_TEST_CHOICES,
  TURN_OFF_FAILED,
  TURN_OFF_SUCCEEDED,
  canUseBulkActions,
  reachFor,
  searchHardware,
  sirenTestToast,
  type RoleName,
} from '@allclear/domain';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { accessSubjectOf, useCurrentUser } from '../../../lib/session/current-user.ts';
import { useHardware } from '../api/get-hardware.ts';
import { useHardwareStream } from '../api/hardware-stream.ts';
import { useSirenCommand } from '../api/siren-commands.ts';
import type { ToggleTarget } from '../api/toggle-hardware.ts';
import { ActivityModal } from './activity-modal.tsx';
import { BulkConfirmModal } from './bulk-confirm-modal.tsx';
import { DrillsModal } from './drills-modal.tsx';
import { HardwareCard } from './hardware-card.tsx';
import {
  CONTACT_US,
  CONTACT_US_HREF,
  HARDWARE_FAILED,
  HARDWARE_FAILED_DETAIL,
  HARDWARE_LOADING,
  HARDWARE_TITLE,
  NO_HARDWARE,
  NO_MATCHES,
  PAGE_LABEL,
  RETRY,
  SCHEDULE_DRILLS,
  SEARCH_LABEL,
  SEND_PA_MESSAGE,
  STOP_TEST,
  VIEW_LABEL,
  VIEW_OPTIONS,
  bulkActionsLabel,
  sirensOf,
  type HardwareView,
} from './hardware-texts.ts';
import { PaModal } from './pa-modal.tsx';
import { RelayModal } from './relay-modal.tsx';
import { SirenSettingsModal } from './siren-settings-modal.tsx';
import { ToggleModal } from './toggle-modal.tsx';

/** Cards per page (spec 02 §9 'Hardware page size 15'). */
export const HARDWARE_PAGE_SIZE = 15;

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
};

function inView(unit: THardware, view: HardwareView): boolean {
  if (view === 'ows') return unit.siren !== null;
  if (view === 'wxs') return unit.weatherStation !== null;
  return true;
}

/** The toast of a test or Stop Test's answer (spec 02 §8 'Tests'). */
function resultToast(test: TSirenTestType | null, result: TSirenCommandResult) {
  const silent = result.sirens.filter((s) => !s.acknowledged);
  if (silent.length === 0)
    return { variant: 'success' as const, header: test ? sirenTestToast(test, true) : TURN_OFF_SUCCEEDED };
  return {
    variant: 'error' as const,
    header: test ? sirenTestToast(test, false) : TURN_OFF_FAILED,
    message: silent.map((s) => s.error).join(' '),
  };
}

export default function HardwarePage() {
  const user = useCurrentUser().data;
  const hardware = useHardware();
  useHardwareStream(hardware.isSuccess);
  const command = useSirenCommand();
  const openToast = useToastStore((s) => s.open);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const view = (VIEW_OPTIONS.find((o) => o.value === params.get('view'))?.value ?? 'all') as HardwareView;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [bulkWarning, setBulkWarning] = useState(false);
  const [bulkMenu, setBulkMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<{ label: string; test: TSirenTestType | null } | null>(null);
  const [editing, setEditing] = useState<THardware | null>(null);
  const [relays, setRelays] = useState<THardware | null>(null);
  const [toggling, setToggling] = useState<{ unit: THardware; target: ToggleTarget; enable: boolean } | null>(
    null,
  );
  const [activity, setActivity] = useState<THardware | null>(null);
  const [pa, setPa] = useState<number[] | null>(null);
  const [drills, setDrills] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const principal = user
    ? {
        userId: user.id,
        customerId: user.customerId,
        role: user.roleName as RoleName,
        siteId: user.siteId,
        // the effective permissions: the user's own and those the customer's features give (spec 02 §6)
        permissions: accessSubjectOf(user).permissions,
      }
    : null;
  const canSendPa = principal !== null && reachFor(principal, 'hardware', 'sendPa') !== 'none';
  const canManage = principal !== null && reachFor(principal, 'hardware', 'manage') !== 'none';

  const units = hardware.data;
  const anyTest = units?.some((u) => u.test) ?? false;
  // the running tests' progress moves each second; health is read again every half minute
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), anyTest ? 1_000 : 30_000);
    return () => clearInterval(timer);
  }, [anyTest]);
  // an All Clear test ends by itself: the list is read again when its time is up
  const refetch = hardware.refetch;
  const nextEnd = useMemo(() => {
    const ends = (units ?? [])
      .filter((u) => u.test?.endsByItself)
      .map((u) => Date.parse(u.test!.startedAt) + u.test!.durationSeconds * 1000);
    return ends.length > 0 ? Math.min(...ends) : null;
  }, [units]);
  useEffect(() => {
    if (nextEnd === null) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, nextEnd - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [nextEnd, refetch]);
  // a failed load says so in a toast too (spec 02 §8 'Hardware list')
  const loadError = hardware.error;
  useEffect(() => {
    if (!loadError) return;
    openToast({
      variant: 'error',
      header: (loadError instanceof ApiError ? loadError.serverMessage : undefined) ?? HARDWARE_FAILED,
    });
  }, [loadError, openToast]);

  const filtered = useMemo(
    () =>
      searchHardware(
        (units ?? []).filter((u) => inView(u, view)),
        search,
      ),
    [units, view, search],
  );
  const pages = Math.max(1, Math.ceil(filtered.length / HARDWARE_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(params.get('page')) || 1));
  const shown = filtered.slice((page - 1) * HARDWARE_PAGE_SIZE, page * HARDWARE_PAGE_SIZE);
  const chosen = (units ?? []).filter((u) => selected.has(u.id));

  // every change of what is on screen (search, view, page) clears the selection: the selected cards are then always
  // the ones in view, and a bulk action cannot reach a unit the user no longer sees
  const setParam = (name: string, value: string | null) => {
    setSelected(new Set());
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const run = (test: TSirenTestType | null, targets: THardware[], bulk: boolean) => {
    const sirenIds = sirensOf(targets);
    if (sirenIds.length === 0) return;
    const ids = targets.map((t) => t.id);
    setBusy((b) => new Set([...b, ...ids]));
    command.mutate(
      { test, sirenIds },
      {
        onSuccess: (result) => {
          openToast(resultToast(test, result));
          if (test === null) setBulkWarning(false);
          else if (bulk && test !== 'all-clear' && result.sirens.some((s) => s.acknowledged))
            setBulkWarning(true);
        },
        onError: (err) =>
          openToast({
            variant: 'error',
            header: test ? sirenTestToast(test, false) : TURN_OFF_FAILED,
            message: err instanceof ApiError ? (err.firstServerError ?? err.serverMessage ?? '') : '',
          }),
        onSettled: () =>
          setBusy((b) => {
            const next = new Set(b);
            for (const id of ids) next.delete(id);
            return next;
          }),
      },
    );
  };

  const bulk = (action: () => void) => () => {
    setBulkMenu(null);
    action();
  };

  let content;
  if (hardware.isPending) {
    content = (
      <Box role="progressbar" aria-busy="true" aria-label={HARDWARE_LOADING} sx={GRID}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} variant="rounded" height={220} />
        ))}
      </Box>
    );
  } else if (hardware.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void hardware.refetch()}>
            {RETRY}
          </Button>
        }
      >
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {HARDWARE_FAILED}
        </Typography>
        {HARDWARE_FAILED_DETAIL}
      </Alert>
    );
  } else if (hardware.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', color: 'text.secondary' }}>
        <Box sx={{ fontSize: 40, mb: 1, '& svg': { fontSize: 'inherit' } }} aria-hidden>
          <RouterOutlined />
        </Box>
        <Typography variant="h6" component="h2" color="text.primary">
          {NO_HARDWARE}
        </Typography>
        <Button variant="contained" href={CONTACT_US_HREF} sx={{ mt: 2 }}>
          {CONTACT_US}
        </Button>
      </Paper>
    );
  } else if (filtered.length === 0) {
    content = <Typography color="text.secondary">{NO_MATCHES}</Typography>;
  } else {
    content = (
      <>
        <Box sx={GRID}>
          {shown.map((unit) => (
            <HardwareCard
              key={unit.id}
              unit={unit}
              now={now}
              selected={selected.has(unit.id)}
              busy={busy.has(unit.id)}
              onSelect={(on) =>
                setSelected((s) => {
                  const next = new Set(s);
                  if (on) next.add(unit.id);
                  else next.delete(unit.id);
                  return next;
                })
              }
              onTest={(test) => run(test, [unit], false)}
              onEdit={() => setEditing(unit)}
              onRelays={() => setRelays(unit)}
              onToggle={(target, enable) => setToggling({ unit, target, enable })}
              onActivity={() => setActivity(unit)}
            />
          ))}
        </Box>
        {pages > 1 ? (
          <Box component="nav" aria-label={PAGE_LABEL} sx={{ display: 'flex', justifyContent: 'center' }}>
            <Pagination count={pages} page={page} onChange={(_, p) => setParam('page', String(p))} />
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {HARDWARE_TITLE}
        </Typography>
        {canManage ? (
          <Button variant="outlined" onClick={() => setDrills(true)}>
            {SCHEDULE_DRILLS}
          </Button>
        ) : null}
        {canSendPa ? (
          <Button
            variant="contained"
            onClick={() => setPa(chosen.flatMap((u) => u.paUnits.map((p) => p.id)))}
          >
            {SEND_PA_MESSAGE}
          </Button>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          label={SEARCH_LABEL}
          type="search"
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setParam('q', e.target.value);
          }}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <TextField
          select
          label={VIEW_LABEL}
          size="small"
          value={view}
          onChange={(e) => setParam('view', e.target.value === 'all' ? null : e.target.value)}
          sx={{ minWidth: 240 }}
        >
          {VIEW_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          endIcon={<ArrowDropDown />}
          disabled={!canUseBulkActions(selected.size)}
          aria-haspopup="menu"
          aria-expanded={bulkMenu ? 'true' : undefined}
          onClick={(e) => setBulkMenu(e.currentTarget)}
        >
          {bulkActionsLabel(selected.size)}
        </Button>
        <Menu anchorEl={bulkMenu} open={bulkMenu !== null} onClose={() => setBulkMenu(null)}>
          {canManage
            ? SIREN_TEST_CHOICES.map((c) => (
                <MenuItem key={c.type} onClick={bulk(() => setConfirming({ label: c.label, test: c.type }))}>
                  {c.label}
                </MenuItem>
              ))
            : null}
          {canManage ? (
            <MenuItem onClick={bulk(() => setConfirming({ label: STOP_TEST, test: null }))}>
              {STOP_TEST}
            </MenuItem>
          ) : null}
          {canSendPa ? (
            <MenuItem onClick={bulk(() => setPa(chosen.flatMap((u) => u.paUnits.map((p) => p.id))))}>
              {SEND_PA_MESSAGE}
            </MenuItem>
          ) : null}
        </Menu>
      </Box>
      {bulkWarning ? (
        <Alert severity="warning" onClose={() => setBulkWarning(false)}>
          {BULK_TEST_WARNING}
        </Alert>
      ) : null}
      {content}
      {confirming ? (
        <BulkConfirmModal
          action={confirming.label}
          units={chosen}
          onConfirm={() => run(confirming.test, chosen, true)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {editing ? <SirenSettingsModal unit={editing} onClose={() => setEditing(null)} /> : null}
      {relays ? <RelayModal unit={relays} onClose={() => setRelays(null)} /> : null}
      {toggling ? (
        <ToggleModal
          unit={toggling.unit}
          target={toggling.target}
          enable={toggling.enable}
          onClose={() => setToggling(null)}
        />
      ) : null}
      {activity ? <ActivityModal unit={activity} onClose={() => setActivity(null)} /> : null}
      {pa ? <PaModal initialUnitIds={pa} onClose={() => setPa(null)} /> : null}
      {drills ? <DrillsModal onClose={() => setDrills(false)} /> : null}
    </Box>
  );
}
