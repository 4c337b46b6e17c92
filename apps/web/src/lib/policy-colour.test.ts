// The one mapping of the domain's breach colours to theme colours: states, units, and WCAG AA contrast on the
// surfaces the values are drawn on.
import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import type { BreachColour } from '@allclear/domain';
import { theme } from '../app/theme.ts';
import { breachProps, breachTextColour, paletteColour, policyColouring } from './policy-colour.ts';

const WIND = { policyType: 'WIND', threshold: 30, isDesc: false, unit: 'mph' };
const CHILL = { policyType: 'CHILL', threshold: 20, isDesc: true, unit: '°F' };

describe('policyColouring', () => {
  it('reads a value at the threshold as breached, one deviation below as warning, beyond it as ok', () => {
    expect(policyColouring(30, WIND)).toEqual({ colour: 'error', state: 'breach', text: 'error.main' });
    expect(policyColouring(29, WIND)).toEqual({ colour: 'warning', state: 'warning', text: 'warning.dark' });
    expect(policyColouring(28.9, WIND)).toEqual({ colour: 'success', state: 'ok', text: 'success.main' });
  });

  it('reads a breached descending policy as primary', () => {
    expect(policyColouring(20, CHILL)).toEqual({ colour: 'primary', state: 'breach', text: 'primary.main' });
    expect(policyColouring(21, CHILL)?.state).toBe('warning');
  });

  it('uses the policy type’s deviation (precipitation 0.5 in)', () => {
    const precip = { policyType: 'PRECIP', threshold: 1, isDesc: false, unit: 'in' };
    expect(policyColouring(0.5, precip)?.state).toBe('warning');
    expect(policyColouring(0.49, precip)?.state).toBe('ok');
  });

  it('is neutral between the warning band and a policy limit', () => {
    expect(policyColouring(25, { ...WIND, limit: 20 })).toEqual({
      colour: 'default',
      state: 'none',
      text: undefined,
    });
    expect(breachProps(policyColouring(25, { ...WIND, limit: 20 }))).toEqual({
      'data-breach': 'none',
      sx: {},
    });
  });

  it('gives nothing without a value, a policy, or in another unit', () => {
    expect(policyColouring(null, WIND)).toBeNull();
    expect(policyColouring(Number.NaN, WIND)).toBeNull();
    expect(policyColouring(40, undefined)).toBeNull();
    expect(policyColouring(40, WIND, 'km/h')).toBeNull();
    expect(breachProps(null)).toEqual({ sx: {} });
  });
});

describe('breach text colours', () => {
  const colours: BreachColour[] = ['error', 'warning', 'success', 'primary'];
  it.each(colours)('%s text has AA contrast (4.5:1) on the cards and the page', (colour) => {
    const css = paletteColour(theme, breachTextColour(colour)!);
    expect(getContrastRatio(css, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(css, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    // chips are filled with it under white text
    expect(getContrastRatio(css, theme.palette.common.white)).toBeGreaterThanOrEqual(4.5);
  });
});
