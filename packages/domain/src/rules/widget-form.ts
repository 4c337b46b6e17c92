// Widget builder validation, width, secondary conditions, share e-mail and widget search (spec 03 §2.8, §2.9, §5, §9).

export const WIDGET_NAME_REQUIRED = 'Please enter a name for your widget.';
export const WIDGET_LIGHTNING_RADIUS_REQUIRED =
  'Lightning radius is required. Please select a group with a lightning radius policy.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
/** Widget widths, px (spec 03 §9). */
export const WIDGET_MIN_WIDTH = 300;
export const WIDGET_DEFAULT_WIDTH = 800;
export const WIDGET_EMBED_WIDTHS = ['100%', 300, 400, 600, 800, 1000] as const;
/** Most secondary conditions on a widget (spec 03 §9). */
export const MAX_SECONDARY_CONDITIONS = 4;
/** Widget search starts above this many characters (spec 03 §2.8). */
export const WIDGET_SEARCH_MIN_EXCLUSIVE = 2;

/** The builder fields the validation reads; lightningRadius in miles. */
export interface WidgetDraft {
  name: string;
  lightningRadius: number | null | undefined;
  secondaryConditions: readonly unknown[];
}

/** Widget errors keyed name, lightningRadius and secondaryConditions; the first two worded by the spec, the third ours (spec 03 §5). */
export function validateWidget(
  draft: WidgetDraft,
): Partial<Record<'name' | 'lightningRadius' | 'secondaryConditions', string>> {
  const errors: Partial<Record<'name' | 'lightningRadius' | 'secondaryConditions', string>> = {};
  if (draft.name.trim().length === 0) errors.name = WIDGET_NAME_REQUIRED;
  if (draft.lightningRadius === null || draft.lightningRadius === undefined || !(draft.lightningRadius > 0))
    errors.lightningRadius = WIDGET_LIGHTNING_RADIUS_REQUIRED;
  if (draft.secondaryConditions.length > MAX_SECONDARY_CONDITIONS)
    errors.secondaryConditions = `Choose at most ${MAX_SECONDARY_CONDITIONS} secondary conditions.`;
  return errors;
}

/** Widget width in px forced to at least 300 (spec 03 §5). */
export function widgetWidth(width: number | null | undefined): number {
  return Math.max(WIDGET_MIN_WIDTH, width ?? WIDGET_DEFAULT_WIDTH);
}

/** Another secondary condition may be added below 4 (spec 03 §2.9). */
export function canAddSecondaryCondition(count: number): boolean {
  return count < MAX_SECONDARY_CONDITIONS;
}

/** The share e-mail error: it must look like name@domain.tld, else 'Please enter a valid email address.' (spec 03 §5). */
export function shareEmailError(email: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? null : INVALID_EMAIL_MESSAGE;
}

function normaliseSearch(text: string): string {
  return text.replace(/[.,]/g, '').toLowerCase();
}

/** True when the search text (periods and commas ignored) is over 2 characters (spec 03 §2.8). */
export function isWidgetSearchActive(text: string): boolean {
  return normaliseSearch(text).trim().length > WIDGET_SEARCH_MIN_EXCLUSIVE;
}

/** Widgets matching the search on name and, if chosen, customerName; case-insensitive, periods and commas ignored; inactive text keeps all (spec 03 §2.8). */
export function searchWidgets<T extends { name: string; customerName?: string | null }>(
  widgets: readonly T[],
  text: string,
  includeCustomerName: boolean,
): readonly T[] {
  if (!isWidgetSearchActive(text)) return widgets;
  const needle = normaliseSearch(text).trim();
  return widgets.filter(
    (w) =>
      normaliseSearch(w.name).includes(needle) ||
      (includeCustomerName && normaliseSearch(w.customerName ?? '').includes(needle)),
  );
}
