// The wording of a field error for a person: what zod says in a parser's terms ('Invalid input: expected string,
// received undefined') becomes 'Phone number is required.' or 'Phone number must be text.'. A schema's own message
// (USER_MESSAGES, PASSWORD_MESSAGES...) is kept: zod asks this only for issues without one (the `error` of a parse).
import type { z } from 'zod';

/** Words of a field name written as the spec writes them, not as English: shown in capitals. */
const ACRONYMS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  ip: 'IP',
  url: 'URL',
  pa: 'PA',
  sms: 'SMS',
  utc: 'UTC',
  aqi: 'AQI',
  ows: 'OWS',
  wbgt: 'WBGT',
  sso: 'SSO',
  pm2: 'PM2',
  pm10: 'PM10',
};

/** A field name as a person reads it: `phoneNumber` → 'Phone number', `ipAddress` → 'IP address'. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * What a path names: the last field, and the item of a list as '… (item n)'. `whole` names the value itself
 * (an empty path): 'The request body', 'The query'.
 */
function labelOf(path: readonly PropertyKey[], whole: string): string {
  const last = path.length - 1;
  const item = typeof path[last] === 'number' ? (path[last] as number) : undefined;
  const field = [...path].reverse().find((seg): seg is string => typeof seg === 'string');
  const name = field === undefined ? whole : fieldLabel(field);
  return item === undefined ? name : `${name} (item ${item + 1})`;
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object with fields',
  date: 'a date',
  bigint: 'a whole number',
  record: 'an object with fields',
  tuple: 'a list',
};

const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  uuid: 'an ID (a UUID)',
  guid: 'an ID (a UUID)',
  url: 'a web address (URL)',
  ipv4: 'an IP address',
  ipv6: 'an IP address',
  datetime: 'a date and time (ISO 8601, e.g. 2026-12-07T18:00:00Z)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:mm or HH:mm:ss)',
  e164: 'a phone number',
};

const quoted = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

/** 'a, b or c'. */
function oneOf(values: readonly unknown[]): string {
  const shown = values.map(quoted);
  return shown.length === 1 ? shown[0]! : `one of ${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

/** The values a union of literals takes, when each of its branches refused one value. */
function unionValues(issue: z.core.$ZodRawIssue): unknown[] | undefined {
  const errors = (issue as { errors?: { code: string; values?: unknown[] }[][] }).errors ?? [];
  const values: unknown[] = [];
  for (const branch of errors) {
    if (branch.length !== 1 || branch[0]!.code !== 'invalid_value') return undefined;
    values.push(...(branch[0]!.values ?? []));
  }
  return values.length ? values : undefined;
}

/**
 * A person's wording of a zod issue that has no message of its schema's own; `whole` names the value itself when
 * the issue is about it rather than a field ('The request body').
 */
export function personMessage(issue: z.core.$ZodRawIssue, whole = 'The value'): string {
  const label = labelOf(issue.path ?? [], whole);
  const i = issue as z.core.$ZodRawIssue & Record<string, unknown>;
  const n = (key: string) => Number(i[key]).toLocaleString('en-US');
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input))
        return `${label} must be a finite number.`;
      const kind = KINDS[String(i.expected)];
      return kind ? `${label} must be ${kind}.` : `${label} is not valid.`;
    }
    case 'too_big': {
      const most = i.inclusive === false ? 'less than' : 'at most';
      if (i.origin === 'string') return `${label} must be ${most} ${n('maximum')} characters.`;
      if (i.origin === 'array' || i.origin === 'set')
        return `${label} must have ${most} ${n('maximum')} items.`;
      return `${label} must be ${most} ${n('maximum')}.`;
    }
    case 'too_small': {
      const least = i.inclusive === false ? 'more than' : 'at least';
      if (i.origin === 'string')
        return Number(i.minimum) <= 1 && i.inclusive !== false
          ? `${label} is required.`
          : `${label} must be ${least} ${n('minimum')} characters.`;
      if (i.origin === 'array' || i.origin === 'set')
        return Number(i.minimum) <= 1 && i.inclusive !== false
          ? `${label} must have at least one item.`
          : `${label} must have ${least} ${n('minimum')} items.`;
      return `${label} must be ${least} ${n('minimum')}.`;
    }
    case 'invalid_format': {
      const format = FORMATS[String(i.format)];
      return format ? `${label} must be ${format}.` : `${label} is not in the expected form.`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${n('divisor')}.`;
    case 'unrecognized_keys': {
      const keys = (i.keys as string[] | undefined) ?? [];
      return `Unknown field${keys.length === 1 ? '' : 's'} ${keys.map(quoted).join(', ')}.`;
    }
    case 'invalid_value': {
      const values = (i.values as unknown[] | undefined) ?? [];
      return values.length > 0 && values.length <= 12
        ? `${label} must be ${oneOf(values)}.`
        : `${label} is not one of the values it takes.`;
    }
    case 'invalid_union': {
      const values = unionValues(issue);
      return values && values.length <= 12 ? `${label} must be ${oneOf(values)}.` : `${label} is not valid.`;
    }
    case 'invalid_key':
      return `${label} has a key that is not valid.`;
    case 'invalid_element':
      return `${label} has an entry that is not valid.`;
    default:
      return `${label} is not valid.`;
  }
}
