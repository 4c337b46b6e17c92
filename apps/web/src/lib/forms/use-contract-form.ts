// A form on a contract schema (react-hook-form with the schema's resolver, contract-resolver.ts) and the server's
// field errors put on the same fields: the pattern of every form that writes through our API.
//
//   const form = useContractForm(ZThingInput, { name: '' });
//   const submit = form.handleSubmit((body) => save.mutate(body, { onError: (e) => applyServerErrors(form, e) }));
//
// A form whose values are not the body yet (a lock applied, a hidden field zeroed) passes `toInput`, and the
// `context` it reads, in the options.
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldErrorKey } from '@allclear/contracts';
import { ApiError, type ApiFieldErrors } from '../api-client.ts';
import {
  contractResolver,
  type ContractSchema,
  type InputOf,
  type OutputOf,
  type ToInput,
} from './contract-resolver.ts';

type FormOptions<V extends FieldValues, C, Out> = Omit<UseFormProps<V, C, Out>, 'resolver' | 'defaultValues'>;

/** A react-hook-form form checked by `schema`; submit hands the schema's output to the handler. */
export function useContractForm<S extends ContractSchema, C = undefined>(
  schema: S,
  defaultValues: DefaultValues<InputOf<S>>,
  options?: FormOptions<InputOf<S>, C, OutputOf<S>>,
): UseFormReturn<InputOf<S>, C, OutputOf<S>>;
export function useContractForm<S extends ContractSchema, V extends FieldValues, C>(
  schema: S,
  defaultValues: DefaultValues<V>,
  options: FormOptions<V, C, OutputOf<S>> & { toInput: ToInput<S, V, C> },
): UseFormReturn<V, C, OutputOf<S>>;
export function useContractForm(
  schema: ContractSchema,
  defaultValues: DefaultValues<FieldValues>,
  options: FormOptions<FieldValues, unknown, unknown> & {
    toInput?: (values: FieldValues, context: unknown) => FieldValues;
  } = {},
): UseFormReturn<FieldValues, unknown, unknown> {
  const { toInput, ...formOptions } = options;
  // A new resolver each render is fine: react-hook-form reads its options at each validation.
  return useForm({
    ...formOptions,
    defaultValues,
    resolver: toInput ? contractResolver(schema, toInput) : contractResolver(schema),
  });
}

/** Every path of a form's values (`label`, `alertTimes`, `alertTimes.0`, `alertTimes.0.startTime`). */
function valuePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...path, key], ...valuePaths(child, [...path, key])]);
}

/**
 * Puts an API failure's field errors (`responseException.errors`, keyed in the server's naming: `Label`,
 * `AlertTimes[0].StartTime`) on the form's fields of those paths, the first text each. Returns the entries that
 * name no field (ServerErrors and the like) for the caller's banner; all of them when `error` is no ApiError.
 */
export function applyServerErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V, never, never>, 'setError' | 'getValues'>,
  error: unknown,
): ApiFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = new Map(valuePaths(form.getValues()).map((p) => [fieldErrorKey(p), p.join('.')]));
  const rest: ApiFieldErrors = {};
  for (const [key, texts] of Object.entries(error.errors)) {
    const name = fields.get(key);
    // `name` is a path read from the form's own values
    if (name !== undefined && texts[0])
      form.setError(name as FieldPath<V>, { type: 'server', message: texts[0] });
    else rest[key] = texts;
  }
  return rest;
}
