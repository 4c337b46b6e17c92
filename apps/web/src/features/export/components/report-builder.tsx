// The Export Data modal, the report builder (spec 03 §2.5, §4, §5, §9): weather stations (no OWS) with search and
// Select All, the date range (no future dates, optional time of day and days of the week), the observation pills with
// their metrics (Select All; those the interval does not allow disabled with the spec's tooltip, and removed when the
// interval changes), the data interval radios (the hint when the range exceeds one), the report name that generates
// itself until edited, recipients (6 chips, then 'View more' / 'Collapse') and units. Cancel asks 'Discard Changes'
// when there are unsaved changes (the backdrop then does not close it); Generate Report confirms, sends, and shows
// the job's progress and result (a failure says why and may be retried) until 'Got it!'. It resets on every open
// (mounted only while open).
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DATA_INTERVALS,
  DEFAULT_DATA_INTERVAL_MINUTES,
  EXPORT_OBSERVATIONS,
  OBSERVATION_METRICS,
  generateReportName,
  generateReportState,
  hasUnsavedReportChanges,
  intervalOptionHint,
  isLegacyStation,
  observationDisabledTooltip,
  removeIncompatibleObservations,
  type ExportMetric,
  OBSERVATION_LABELS,
  type ExportObservation,
} from '@allclear/domain';
import {
  ZReportRequest,
  type THistoricalStation,
  type TReportJob,
  type TReportRequest,
} from '@allclear/contracts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useGenerateReport } from '../api/generate-report.ts';
import { useReport, useRetryReport } from '../api/get-report.ts';
import { useReportOptions } from '../api/get-report-options.ts';
import {
  CANCEL,
  COLLAPSE,
  DISCARD_CHANGES,
  ERROR_REQUESTING_DATA,
  EXPORT_DATA,
  EXPORT_SUBTITLE,
  GENERATE_REPORT,
  GOT_IT,
  KEEP_EDITING,
  NEW_REPORT,
  REPORT_TEMPLATES,
  SELECT_ALL,
  VIEW_MORE,
} from './export-texts.ts';

/** Recipient chips shown before 'View more' (spec 03 §9). */
export const RECIPIENT_CHIPS_SHOWN = 6;

const METRIC_LABELS: Record<ExportMetric, string> = {
  max: 'Maximum',
  min: 'Minimum',
  avg: 'Average',
  sum: 'Accumulation',
};
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The metrics an observation offers (spec 03 §3): those named, else Maximum, Minimum and Average. */
export const metricsOf = (o: ExportObservation): readonly ExportMetric[] =>
  OBSERVATION_METRICS[o] ?? ['max', 'min', 'avg'];

export interface BuilderValues {
  hardwareIds: number[];
  startDate: string;
  endDate: string;
  useTimeOfDay: boolean;
  startTime: string;
  endTime: string;
  useDaysOfWeek: boolean;
  daysOfWeek: number[];
  observations: ExportObservation[];
  metrics: Partial<Record<ExportObservation, ExportMetric[]>>;
  interval: number;
  name: string;
  recipients: string[];
  unitType: 'imperial' | 'metric';
}

/** The request the builder sends (spec 03 §3 'Report request'). */
export function toReportRequest(v: BuilderValues): TReportRequest {
  return {
    Name: v.name,
    Recipients: v.recipients,
    UnitType: v.unitType,
    DataInterval: v.interval,
    FileFormats: ['csv', 'xlsx'],
    Filters: {
      HardwareIds: v.hardwareIds,
      ObservationTypes: Object.fromEntries(v.observations.map((o) => [o, v.metrics[o] ?? [...metricsOf(o)]])),
      TimeFilter: {
        StartDate: v.startDate,
        EndDate: v.endDate,
        StartTimeOfDay: v.useTimeOfDay ? `${v.startTime}:00` : null,
        EndTimeOfDay: v.useTimeOfDay ? `${v.endTime}:00` : null,
        DaysOfWeek: v.useDaysOfWeek ? v.daysOfWeek : null,
      },
    },
  };
}

const todayText = () => new Date().toLocaleDateString('en-CA');

export default function ReportBuilder({
  station,
  open,
  onClose,
}: {
  station: THistoricalStation;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const options = useReportOptions(open);
  const generate = useGenerateReport();
  const toast = useToastStore((s) => s.open);
  const today = todayText();
  const form = useContractForm<typeof ZReportRequest, BuilderValues, undefined>(
    ZReportRequest,
    {
      hardwareIds: station.hardwareId !== null ? [station.hardwareId] : [],
      startDate: '',
      endDate: '',
      useTimeOfDay: false,
      startTime: '08:00',
      endTime: '17:00',
      useDaysOfWeek: false,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      observations: [],
      metrics: {},
      interval: DEFAULT_DATA_INTERVAL_MINUTES,
      name: '',
      recipients: [],
      unitType: 'imperial',
    },
    { toInput: (v) => toReportRequest(v) },
  );
  const v = form.watch();
  const [nameEdited, setNameEdited] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [showAllRecipients, setShowAllRecipients] = useState(false);

  const stations = useMemo(
    () => (options.data?.stations ?? []).filter((s) => s.modelId !== 'OWS' && s.hardwareId !== null),
    [options.data],
  );
  const chosen = stations.filter((s) => v.hardwareIds.includes(s.hardwareId!));
  const generated = generateReportName(
    chosen.map((s) => s.name),
    today,
  );
  // the name generates itself until the user edits it (spec 03 §4)
  useEffect(() => {
    if (!nameEdited && form.getValues('name') !== generated) form.setValue('name', generated);
  }, [generated, nameEdited, form]);

  const state = generateReportState({
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    observations: v.observations,
    stationIds: v.hardwareIds,
    name: v.name,
    intervalMinutes: v.interval,
    anyLegacyStationSelected: chosen.some((s) => isLegacyStation(s.webRelayType)),
  });
  const unsaved = hasUnsavedReportChanges({
    observations: v.observations,
    recipients: v.recipients,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    stationIds: v.hardwareIds,
  });

  const close = (reason?: string) => {
    if (jobId) return onClose();
    if (unsaved) {
      if (reason === 'backdropClick') return;
      setDiscarding(true);
      return;
    }
    onClose();
  };

  const toggleObservation = (o: ExportObservation) => {
    const selected = v.observations.includes(o);
    form.setValue('observations', selected ? v.observations.filter((x) => x !== o) : [...v.observations, o]);
    if (!selected) form.setValue(`metrics.${o}`, [...metricsOf(o)]);
  };
  const allowed = EXPORT_OBSERVATIONS.filter((o) => observationDisabledTooltip(o, v.interval) === null);
  const toggleMetric = (o: ExportObservation, m: ExportMetric) => {
    const current = v.metrics[o] ?? [...metricsOf(o)];
    const next = current.includes(m) ? current.filter((x) => x !== m) : [...current, m];
    if (next.length > 0) form.setValue(`metrics.${o}`, next);
  };

  const send = form.handleSubmit((body) => {
    setConfirming(false);
    generate.mutate(body as TReportRequest, {
      onSuccess: (job) => setJobId(job.id),
      onError: () => toast({ variant: 'error', header: ERROR_REQUESTING_DATA }),
    });
  });

  const recipients = options.data?.recipients ?? [];
  const chosenRecipients = recipients.filter((r) => v.recipients.includes(r.id));
  const shownRecipients = showAllRecipients
    ? chosenRecipients
    : chosenRecipients.slice(0, RECIPIENT_CHIPS_SHOWN);

  return (
    <>
      <Dialog
        open={open && jobId === null}
        onClose={(_e, reason) => close(reason)}
        fullScreen={narrow}
        fullWidth
        maxWidth="md"
        aria-labelledby="report-builder-title"
        aria-describedby="report-builder-subtitle"
      >
        <DialogTitle id="report-builder-title" sx={{ pb: 0 }}>
          {EXPORT_DATA}
        </DialogTitle>
        <DialogContent>
          <Typography id="report-builder-subtitle" color="text.secondary" sx={{ mb: 2 }}>
            {EXPORT_SUBTITLE}
          </Typography>
          <ToggleButtonGroup value="new" exclusive size="small" aria-label="Report view" sx={{ mb: 2 }}>
            <ToggleButton value="new">{NEW_REPORT}</ToggleButton>
            <ToggleButton value="templates" disabled>
              {REPORT_TEMPLATES}
            </ToggleButton>
          </ToggleButtonGroup>
          {options.isError && <Alert severity="error">{ERROR_REQUESTING_DATA}</Alert>}
          <Stack sx={{ gap: 3 }}>
            <Section title="Weather Station">
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
                <Autocomplete
                  multiple
                  sx={{ flex: 1 }}
                  loading={options.isPending}
                  options={stations}
                  value={chosen}
                  getOptionLabel={(s) => s.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  onChange={(_e, value) =>
                    form.setValue(
                      'hardwareIds',
                      value.map((s) => s.hardwareId!),
                    )
                  }
                  renderInput={(params) => (
                    <TextField {...params} label="Weather Stations" placeholder="Search" />
                  )}
                />
                <Button
                  onClick={() =>
                    form.setValue(
                      'hardwareIds',
                      chosen.length === stations.length ? [] : stations.map((s) => s.hardwareId!),
                    )
                  }
                >
                  {SELECT_ALL}
                </Button>
              </Stack>
            </Section>

            <Section title="Date Range">
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                <TextField
                  label="Start date"
                  type="date"
                  size="small"
                  {...form.register('startDate')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: v.endDate || today } }}
                />
                <TextField
                  label="End date"
                  type="date"
                  size="small"
                  {...form.register('endDate')}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { max: today, min: v.startDate || undefined },
                  }}
                />
              </Stack>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={v.useTimeOfDay}
                    onChange={(e) => form.setValue('useTimeOfDay', e.target.checked)}
                  />
                }
                label="Time of day"
              />
              {v.useTimeOfDay && (
                <Stack direction="row" sx={{ gap: 2 }}>
                  <TextField
                    label="From"
                    type="time"
                    size="small"
                    {...form.register('startTime')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <TextField
                    label="To"
                    type="time"
                    size="small"
                    {...form.register('endTime')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Stack>
              )}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={v.useDaysOfWeek}
                    onChange={(e) => form.setValue('useDaysOfWeek', e.target.checked)}
                  />
                }
                label="Days of the week"
              />
              {v.useDaysOfWeek && (
                <ToggleButtonGroup
                  value={v.daysOfWeek}
                  onChange={(_e, days: number[]) => form.setValue('daysOfWeek', days)}
                  size="small"
                  aria-label="Days of the week"
                >
                  {WEEKDAYS.map((d, i) => (
                    <ToggleButton key={d} value={i} aria-label={d}>
                      {d}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              )}
            </Section>

            <Section title="Weather Observations">
              <Box
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
                role="group"
                aria-label="Weather Observations"
              >
                <Chip
                  label={SELECT_ALL}
                  variant={allowed.every((o) => v.observations.includes(o)) ? 'filled' : 'outlined'}
                  color="primary"
                  onClick={() => {
                    const all = allowed.every((o) => v.observations.includes(o));
                    form.setValue('observations', all ? [] : [...allowed]);
                    if (!all) for (const o of allowed) form.setValue(`metrics.${o}`, [...metricsOf(o)]);
                  }}
                />
                {EXPORT_OBSERVATIONS.map((o) => {
                  const tooltip = observationDisabledTooltip(o, v.interval);
                  const selected = v.observations.includes(o);
                  const chip = (
                    <Chip
                      key={o}
                      label={OBSERVATION_LABELS[o]}
                      color={selected ? 'primary' : 'default'}
                      variant={selected ? 'filled' : 'outlined'}
                      disabled={tooltip !== null}
                      aria-pressed={selected}
                      onClick={() => toggleObservation(o)}
                    />
                  );
                  return tooltip ? (
                    <Tooltip key={o} title={tooltip}>
                      <span tabIndex={0}>{chip}</span>
                    </Tooltip>
                  ) : (
                    chip
                  );
                })}
              </Box>
              {v.observations.length > 0 && (
                <Stack sx={{ gap: 1, mt: 2 }}>
                  {v.observations.map((o) => (
                    <Stack key={o} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="body2" sx={{ minWidth: 150 }}>
                        {OBSERVATION_LABELS[o]}
                      </Typography>
                      {metricsOf(o).map((m) => {
                        const on = (v.metrics[o] ?? metricsOf(o)).includes(m);
                        return (
                          <Chip
                            key={m}
                            size="small"
                            label={METRIC_LABELS[m]}
                            variant={on ? 'filled' : 'outlined'}
                            aria-pressed={on}
                            onClick={() => toggleMetric(o, m)}
                          />
                        );
                      })}
                    </Stack>
                  ))}
                </Stack>
              )}
            </Section>

            <Section title="Data Interval">
              <RadioGroup
                row
                value={String(v.interval)}
                aria-label="Data Interval"
                onChange={(e) => {
                  const minutes = Number(e.target.value);
                  form.setValue('interval', minutes);
                  form.setValue('observations', removeIncompatibleObservations(v.observations, minutes));
                }}
              >
                {DATA_INTERVALS.map((i) => {
                  const hint = intervalOptionHint(i.minutes, v.startDate || null, v.endDate || null);
                  return (
                    <Box key={i.minutes} sx={{ mr: 2 }}>
                      <FormControlLabel value={String(i.minutes)} control={<Radio />} label={i.label} />
                      {hint && (
                        <Typography
                          variant="caption"
                          color="warning.main"
                          sx={{ display: 'block', maxWidth: 180 }}
                        >
                          {hint}
                        </Typography>
                      )}
                    </Box>
                  );
                })}
              </RadioGroup>
            </Section>

            <Section title="Export Settings">
              <Stack sx={{ gap: 2 }}>
                <TextField
                  label="Report Name"
                  size="small"
                  value={v.name}
                  onChange={(e) => {
                    setNameEdited(true);
                    form.setValue('name', e.target.value);
                  }}
                />
                <Autocomplete
                  options={recipients.filter((r) => !v.recipients.includes(r.id))}
                  getOptionLabel={(r) => `${r.fullName} (${r.email})`}
                  value={null}
                  onChange={(_e, r) => r && form.setValue('recipients', [...v.recipients, r.id])}
                  renderInput={(params) => <TextField {...params} size="small" label="Add Recipients" />}
                  blurOnSelect
                />
                {chosenRecipients.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    {shownRecipients.map((r) => (
                      <Chip
                        key={r.id}
                        label={r.fullName}
                        onDelete={() =>
                          form.setValue(
                            'recipients',
                            v.recipients.filter((x) => x !== r.id),
                          )
                        }
                      />
                    ))}
                    {chosenRecipients.length > RECIPIENT_CHIPS_SHOWN && (
                      <Button size="small" onClick={() => setShowAllRecipients((x) => !x)}>
                        {showAllRecipients ? COLLAPSE : VIEW_MORE}
                      </Button>
                    )}
                  </Box>
                )}
                <FormControl>
                  <FormLabel id="units-label">Units</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="units-label"
                    value={v.unitType}
                    onChange={(e) => form.setValue('unitType', e.target.value as 'imperial' | 'metric')}
                  >
                    <FormControlLabel value="imperial" control={<Radio />} label="Imperial (°F, mph, in)" />
                    <FormControlLabel value="metric" control={<Radio />} label="Metric (°C, km/h, mm)" />
                  </RadioGroup>
                </FormControl>
              </Stack>
            </Section>
            {state.messages.map((m) => (
              <Alert key={m} severity="warning" role="alert">
                {m}
              </Alert>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close()}>{CANCEL}</Button>
          <Button
            variant="contained"
            disabled={!state.enabled}
            loading={generate.isPending}
            onClick={() => setConfirming(true)}
          >
            {GENERATE_REPORT}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={discarding} onClose={() => setDiscarding(false)} aria-labelledby="discard-title">
        <DialogTitle id="discard-title">{DISCARD_CHANGES}</DialogTitle>
        <DialogContent>
          <DialogContentText>Your report settings will be lost.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDiscarding(false)}>{KEEP_EDITING}</Button>
          <Button color="error" variant="contained" onClick={onClose}>
            {DISCARD_CHANGES}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{GENERATE_REPORT}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`"${v.name}" will be e-mailed to you${v.recipients.length ? ` and ${v.recipients.length} recipient${v.recipients.length === 1 ? '' : 's'}` : ''} as CSV and Excel files.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{CANCEL}</Button>
          <Button variant="contained" onClick={() => void send()}>
            {GENERATE_REPORT}
          </Button>
        </DialogActions>
      </Dialog>

      {jobId !== null && <ReportProgress jobId={jobId} onClose={onClose} />}
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The completion dialog: the job's progress, then where the report went, or why it failed with Retry. */
function ReportProgress({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const job = useReport(jobId);
  const retry = useRetryReport();
  const data: TReportJob | undefined = job.data;
  const running = !data || data.status === 'queued' || data.status === 'running';
  return (
    <Dialog open onClose={onClose} aria-labelledby="report-done-title" aria-describedby="report-done-text">
      <DialogTitle id="report-done-title">
        {data?.status === 'failed'
          ? 'Report failed'
          : data?.status === 'done'
            ? 'Report sent'
            : 'Generating report'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="report-done-text" component="div">
          {running && (
            <>
              <Typography>Your report is being generated. It will be e-mailed when it is ready.</Typography>
              <LinearProgress
                variant={data?.status === 'running' ? 'determinate' : 'indeterminate'}
                value={data?.progress ?? 0}
                sx={{ mt: 2 }}
                aria-label="Report progress"
              />
            </>
          )}
          {data?.status === 'done' && (
            <Typography>
              {`"${data.name}" (${data.rows ?? 0} rows) was e-mailed to ${data.recipients.join(', ')}${data.delivery === 'link' ? ' as download links valid for 7 days' : ' with the CSV and Excel files attached'}.`}
            </Typography>
          )}
          {data?.status === 'failed' && <Alert severity="error">{data.error}</Alert>}
          {job.isError && <Alert severity="error">{ERROR_REQUESTING_DATA}</Alert>}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {data?.status === 'failed' && (
          <Button loading={retry.isPending} onClick={() => retry.mutate(jobId)}>
            Retry
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {GOT_IT}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
