// The radar choices shared by the map's menus and Broadcast's side panel (spec 01 §2): the playback-speed and the
// radar-type radio groups, bound to the map store. Each screen passes the entries the spec gives it: the map's
// Options menu offers Slow/Normal/Fast, Broadcast adds Very Fast; Broadcast's radar types are Past/Future. The
// coverage rule (spec 01 §4) applies to both.
import { useId } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { radarTypeOptions, type PlaybackSpeed, type RadarType } from '@allclear/domain';
import { useMapStore } from '../map-store.ts';

/** Names of the playback speeds (spec 01 §2). */
export const PLAYBACK_SPEED_LABELS: Readonly<Record<PlaybackSpeed, string>> = {
  slow: 'Slow',
  normal: 'Normal',
  fast: 'Fast',
  veryFast: 'Very Fast',
};

/** Picker labels of the radar types. */
export const RADAR_TYPE_LABELS: Readonly<Record<RadarType, string>> = {
  past: 'Past',
  future: 'Future',
  extended: 'Extended',
  'current-road-conditions': 'Current',
  'future-road-conditions': 'Future',
};

/** A speed's entry: the spec's name only, e.g. 'Fast' (its frame time is spec 01 §9's, not a label). */
export function playbackSpeedLabel(speed: PlaybackSpeed): string {
  return PLAYBACK_SPEED_LABELS[speed];
}

export interface PlaybackSpeedChoiceProps {
  /** The group's visible name. */
  label: string;
  /** The speeds offered, in order. */
  speeds: readonly PlaybackSpeed[];
}

/** The playback-speed radio group; no entry is checked while the store holds a speed not offered here. */
export function PlaybackSpeedChoice({ label, speeds }: PlaybackSpeedChoiceProps) {
  const labelId = useId();
  const speed = useMapStore((s) => s.speed);
  const setSpeed = useMapStore((s) => s.setSpeed);
  return (
    <>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={speeds.includes(speed) ? speed : ''}
        onChange={(e) => setSpeed(e.target.value as PlaybackSpeed)}
      >
        {speeds.map((s) => (
          <FormControlLabel
            key={s}
            value={s}
            label={playbackSpeedLabel(s)}
            control={<Radio size="small" />}
          />
        ))}
      </RadioGroup>
    </>
  );
}

/** The radar types offered at a point: outside the coverage box only past (spec 01 §4). */
export function offeredRadarTypes(
  point: { latitude: number; longitude: number },
  roadView: boolean,
): RadarType[] {
  return radarTypeOptions(point.latitude, point.longitude, roadView);
}

export interface RadarTypeChoiceProps {
  /** The point the coverage rule is judged at. */
  coveragePoint: { latitude: number; longitude: number };
  /** The road-conditions view offers the road types instead of the radar ones. */
  roadView?: boolean;
  /** The screen's own types (Broadcast: Past/Future); the coverage rule may take some away. */
  types?: readonly RadarType[];
  /** Lays the entries out in a row (Broadcast's side panel). */
  row?: boolean;
}

/** The radar-type radio group with the coverage rule. */
export function RadarTypeChoice({
  coveragePoint,
  roadView = false,
  types,
  row = false,
}: RadarTypeChoiceProps) {
  const labelId = useId();
  const radarStyle = useMapStore((s) => s.radarStyle);
  const setRadarStyle = useMapStore((s) => s.setRadarStyle);
  const options = offeredRadarTypes(coveragePoint, roadView).filter((t) => !types || types.includes(t));
  return (
    <>
      <FormLabel id={labelId}>Radar Type</FormLabel>
      <RadioGroup
        row={row}
        aria-labelledby={labelId}
        value={options.includes(radarStyle) ? radarStyle : ''}
        onChange={(e) => setRadarStyle(e.target.value as RadarType)}
      >
        {options.map((t) => (
          <FormControlLabel key={t} value={t} label={RADAR_TYPE_LABELS[t]} control={<Radio size="small" />} />
        ))}
      </RadioGroup>
    </>
  );
}
