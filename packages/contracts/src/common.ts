// Shared shapes of the API conventions (ARCHITECTURE.md 'API conventions').
import { z } from 'zod';

/** The spec's error shape: `{ responseException: { message, errors: { Field: [..] } } }` (spec 02 §3). */
export const ZResponseException = z.object({
  responseException: z.object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  }),
});
export type TResponseException = z.infer<typeof ZResponseException>;

/**
 * The `when` of a body's own rules (a refinement over several fields): they run even when another field failed, so
 * a form shows every error at once, but only on an object whose `fields` (those the rules read) parsed; a rule
 * never sees a missing or mistyped field.
 */
export function whenParsed(...fields: string[]) {
  return {
    when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !Array.isArray(payload.value) &&
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
  };
}

/**
 * A write body's parse without the fields of the entity as served that it takes back (spec 02 §3: an integrator
 * sends the shape it reads; those fields are derived from the written ones or set by calls of their own): no service
 * sees them, so none is stored by a spread of the body. Use as `.transform(withoutReadBack(shape))`.
 */
export function withoutReadBack<R extends z.ZodRawShape>(readBack: R) {
  const keys = Object.keys(readBack);
  return <T extends object>(value: T): Omit<T, keyof R> => {
    const kept = { ...value } as Record<string, unknown>;
    for (const key of keys) delete kept[key];
    return kept as Omit<T, keyof R>;
  };
}

/** The longest text a field read back and ignored may hold (a name, a unit, a label of the entity as served). */
export const READ_BACK_TEXT_MAX = 200;
/** What the OpenAPI document says of a field a write takes back and ignores (and how tests know one). */
export const READ_BACK = 'Read back: the entity as served; ignored on write.';
/** A field of the entity as served that a write body takes back and ignores: optional, nullable, marked READ_BACK. */
export const readBack = <T extends z.ZodType>(schema: T) => schema.nullish().describe(READ_BACK);
/** A text field of an entity as served, carried back in a write and ignored. */
export const ZReadBackText = readBack(z.string().max(READ_BACK_TEXT_MAX));
/** A count or id of an entity as served, carried back in a write and ignored. */
export const ZReadBackInt = readBack(z.number().int().min(0).max(2_147_483_647));
/** The `abilities` a row is served with (what the caller may do to it), carried back in a write and ignored. */
export const ZReadBackAbilities = readBack(z.record(z.string().max(READ_BACK_TEXT_MAX), z.boolean()));

/** Wraps a payload schema in the `{ data }` success envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** A positive integer id in a path (`/location/{id}`), coerced from text. */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive() }).strict();

/** A location id in a path named `locationId`. */
export const ZLocationIdParam = z.object({ locationId: z.coerce.number().int().positive() }).strict();

/** A user id (uuid) in a path. */
export const ZUserIdParam = z.object({ userId: z.uuid() }).strict();

/** Standard error responses declared on every route, so the OpenAPI document shows them. */
export const errorResponses = {
  400: ZResponseException,
  401: ZResponseException,
  403: ZResponseException,
  404: ZResponseException,
} as const;

/** The query of a signed URL (`exp` seconds since epoch, `sig` HMAC): for resources an <img> loads. */
export const ZSignedUrlQuery = z.object({
  exp: z.string().optional(),
  sig: z.string().optional(),
  t: z.string().optional(),
});

/**
 * A field path in the server's field-error naming (spec 01 §8: `Label`, `LocationName`; spec 02 §5:
 * `AlertTimes[day].StartTime`): each segment PascalCase, array indexes in brackets.
 */
export function fieldErrorKey(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else {
      const s = String(seg);
      out += (out ? '.' : '') + s.charAt(0).toUpperCase() + s.slice(1);
    }
  }
  return out || 'Body';
}

/** A schema's issues as `responseException.errors`: texts keyed by field in the server's naming. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[fieldErrorKey(issue.path)] ??= []).push(issue.message);
  return errors;
}
