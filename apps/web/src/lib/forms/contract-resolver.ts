// The glue between a form (react-hook-form) and a contract schema of packages/contracts (`ZLocationInput` and the
// like): the form checks what it would send with the schema the server validates with, so the two cannot disagree,
// and its errors, like the server's, are keyed by field. A form's field names are the schema's (`radius1`); the
// server writes the same paths in its own naming (`Radius1`, contracts' fieldErrorKey). No React here: the server's
// agreement tests run a form's check in Node.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorKey } from '@allclear/contracts';

/** A contract schema of an object body (what a form edits). */
export type ContractSchema = z.ZodType<unknown, FieldValues>;
/** What the schema accepts (the body a form sends). */
export type InputOf<S extends ContractSchema> = z.input<S>;
/** What the schema gives back (defaults applied). */
export type OutputOf<S extends ContractSchema> = z.output<S>;

/** Turns a form's values into the body it sends (a policy lock applied, a hidden field zeroed...). */
export type ToInput<S extends ContractSchema, V extends FieldValues, C> = (
  values: V,
  context: C | undefined,
) => InputOf<S>;

/**
 * A resolver checking `toInput(values, context)` (the values themselves when not given) with `schema`, through
 * @hookform/resolvers' zodResolver: valid, the form submits the schema's output; else each field shows the
 * schema's first message for it. `toInput` keeps the form's field names and may change their values.
 */
export function contractResolver<S extends ContractSchema, C = undefined>(
  schema: S,
): Resolver<InputOf<S>, C, OutputOf<S>>;
export function contractResolver<S extends ContractSchema, V extends FieldValues, C>(
  schema: S,
  toInput: ToInput<S, V, C>,
): Resolver<V, C, OutputOf<S>>;
export function contractResolver(
  schema: ContractSchema,
  toInput?: (values: FieldValues, context: unknown) => FieldValues,
): Resolver<FieldValues, unknown, unknown> {
  const check = zodResolver(schema);
  // The body keeps the form's field names, so the form's resolver options and errors apply to it as they are.
  return (values, context, options) => check(toInput ? toInput(values, context) : values, context, options);
}

/** Field errors in the server's naming (`Label`, `Radius1`, `AlertTimes[0].StartTime`): the texts, first first. */
export function fieldErrorTexts(errors: FieldErrors): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (node: unknown, path: (string | number)[]) => {
    if (!node || typeof node !== 'object') return;
    const { message, types } = node as { message?: unknown; types?: Record<string, unknown> };
    if (typeof message === 'string' && 'type' in node) {
      // criteriaMode 'all' keeps every text by rule in `types`; otherwise the first is the message
      const all = types ? Object.values(types).flat().map(String) : [message];
      out[fieldErrorKey(path)] = all.includes(message) ? all : [message, ...all];
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref') continue;
      // an array field's own error sits on its `root`
      if (key === 'root') walk(child, path);
      else walk(child, [...path, /^\d+$/.test(key) ? Number(key) : key]);
    }
  };
  walk(errors, []);
  return out;
}

/**
 * Runs a form's resolver outside a form (a test comparing the form's check with the server's): the fields it
 * refuses, in the server's naming, each with the first text the form shows; empty when the form would send.
 */
export async function resolverErrors<V extends FieldValues, C>(
  resolver: Resolver<V, C, unknown>,
  values: V,
  context?: C,
): Promise<Record<string, string>> {
  const result = await resolver(values, context, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(fieldErrorTexts(result.errors)).map(([key, texts]) => [key, texts[0] ?? '']),
  );
}
