// Policy value colouring (spec 01 §5 'Policy comparison'): the domain's breachColour mapped, in this one place, to
// the theme colours the web draws a value with. Text colours are chosen for WCAG AA on the cards (white paper) and
// on the page background; warning text takes the darker warning shade (6.3:1 on white).
import type { Theme } from '@mui/material/styles';
import {
  breachColour,
  standardDeviationForPolicy,
  type BreachColour,
  type LimitedThresholdRule,
} from '@allclear/domain';

/** A policy as the web compares a value with it: type short name, threshold, direction, optional limit, unit. */
export interface ComparedPolicy extends LimitedThresholdRule {
  policyType: string;
  unit: string;
}

/** What a coloured value says, for tests and assistive styling: breached, within one deviation, clear, neither. */
export type BreachState = 'breach' | 'warning' | 'ok' | 'none';

/** A value's colouring against a policy. */
export interface PolicyColouring {
  colour: BreachColour;
  state: BreachState;
  /** Theme palette path of the text colour (AA on the cards); undefined keeps the inherited colour. */
  text: string | undefined;
}

const STATE: Record<BreachColour, BreachState> = {
  error: 'breach',
  primary: 'breach',
  warning: 'warning',
  success: 'ok',
  default: 'none',
};

/** Palette path per colour: ≥ 4.5:1 against #ffffff and the #f4f6f9 page (error 5.6, warning.dark 6.3, success 5.1, primary 6.4). */
const TEXT: Record<BreachColour, string | undefined> = {
  error: 'error.main',
  primary: 'primary.main',
  warning: 'warning.dark',
  success: 'success.main',
  default: undefined,
};

/** The theme colour path of a domain breach colour, undefined for 'default'. */
export function breachTextColour(colour: BreachColour): string | undefined {
  return TEXT[colour];
}

/**
 * The colouring of a value against a policy (spec 01 §5), or null when there is no value, no policy, or the value
 * is in another unit than the policy's. The standard deviation is the policy type's (precip 0.5, feels-like 1,
 * WBGT 1, wind 1; 0 for others).
 */
export function policyColouring(
  value: number | null | undefined,
  policy: ComparedPolicy | null | undefined,
  valueUnit?: string,
): PolicyColouring | null {
  if (value === null || value === undefined || !Number.isFinite(value) || !policy) return null;
  if (valueUnit !== undefined && valueUnit !== policy.unit) return null;
  const colour = breachColour(value, policy, standardDeviationForPolicy(policy.policyType));
  return { colour, state: STATE[colour], text: TEXT[colour] };
}

/** The attributes and sx of a coloured value: `data-breach` and the text colour (nothing without a colouring). */
export function breachProps(colouring: PolicyColouring | null): {
  'data-breach'?: BreachState;
  sx: { color?: string };
} {
  if (!colouring) return { sx: {} };
  return {
    'data-breach': colouring.state,
    sx: colouring.text ? { color: colouring.text } : {},
  };
}

/** The CSS colour of a palette path such as 'warning.dark' in a theme (for charts and SVG strokes). */
export function paletteColour(theme: Theme, path: string): string {
  const [name, variant] = path.split('.') as [string, string];
  const entry = (theme.palette as unknown as Record<string, Record<string, string> | undefined>)[name];
  return entry?.[variant] ?? path;
}
