import { describe, it, expect } from 'vitest';
import {
  validateWidget,
  widgetWidth,
  canAddSecondaryCondition,
  shareEmailError,
  isWidgetSearchActive,
  searchWidgets,
} from './widget-form.ts';

describe('widget builder (spec 03 §5, §9)', () => {
  it('requires a name and a lightning radius with the spec texts', () => {
    expect(validateWidget({ name: ' ', lightningRadius: null, secondaryConditions: [] })).toEqual({
      name: 'Please enter a name for your widget.',
      lightningRadius: 'Lightning radius is required. Please select a group with a lightning radius policy.',
    });
    expect(validateWidget({ name: 'Field', lightningRadius: 8, secondaryConditions: [1, 2, 3, 4] })).toEqual(
      {},
    );
  });

  it('allows up to 4 secondary conditions', () => {
    expect(validateWidget({ name: 'F', lightningRadius: 8, secondaryConditions: [1, 2, 3, 4, 5] })).toEqual({
      secondaryConditions: 'Choose at most 4 secondary conditions.',
    });
    expect(canAddSecondaryCondition(3)).toBe(true);
    expect(canAddSecondaryCondition(4)).toBe(false);
  });

  it('forces the width to at least 300, default 800', () => {
    expect(widgetWidth(299)).toBe(300);
    expect(widgetWidth(300)).toBe(300);
    expect(widgetWidth(undefined)).toBe(800);
  });

  it("rejects a share e-mail that does not look like an address with 'Please enter a valid email address.'", () => {
    expect(shareEmailError('a@b.co')).toBeNull();
    expect(shareEmailError('a@b')).toBe('Please enter a valid email address.');
    expect(shareEmailError('a b@c.d')).toBe('Please enter a valid email address.');
  });

  it('searches widgets above 2 characters, ignoring periods, commas and case', () => {
    const widgets = [
      { name: 'St. Mary Field', customerName: 'Acme, Inc.' },
      { name: 'Pool', customerName: 'Globex' },
    ];
    expect(isWidgetSearchActive('a.b,')).toBe(false);
    expect(isWidgetSearchActive('abc')).toBe(true);
    expect(searchWidgets(widgets, 'st', false)).toBe(widgets);
    expect(searchWidgets(widgets, 'ST MARY', false)).toEqual([widgets[0]]);
    expect(searchWidgets(widgets, 'acme inc', false)).toEqual([]);
    expect(searchWidgets(widgets, 'acme inc', true)).toEqual([widgets[0]]);
  });
});
