// useContractForm submits the schema's output or shows the schema's texts on the fields; applyServerErrors puts the
// server's field errors (its naming) on the same fields and hands back what names no field.
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '../api-client.ts';
import { fieldErrorTexts } from './contract-resolver.ts';
import { applyServerErrors, useContractForm } from './use-contract-form.ts';

const ZThing = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  limit: z.number().max(50, 'Limit must be at most 50.'),
  alertTimes: z.array(z.object({ startTime: z.string() })),
});
const defaults = { name: 'Field', limit: 10, alertTimes: [{ startTime: '07:00' }, { startTime: '08:00' }] };

/** The form and its errors (read in render, which subscribes to them as a component does). */
const renderForm = () =>
  renderHook(() => {
    const form = useContractForm(ZThing, defaults);
    return { form, errors: form.formState.errors };
  });

describe('useContractForm', () => {
  it("submits the schema's output when the values pass", async () => {
    const { result } = renderForm();
    const onValid = vi.fn();
    act(() => result.current.form.setValue('name', '  Arena  '));
    await act(() => result.current.form.handleSubmit(onValid)());
    expect(onValid.mock.calls[0]![0]).toEqual({ ...defaults, name: 'Arena' });
  });

  it("sends nothing and shows the schema's text on the field when they do not", async () => {
    const { result } = renderForm();
    const onValid = vi.fn();
    act(() => result.current.form.setValue('limit', 50.01));
    await act(() => result.current.form.handleSubmit(onValid)());
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.errors.limit?.message).toBe('Limit must be at most 50.');
  });

  it('sees a submit drop the server errors of the one before', async () => {
    const { result } = renderForm();
    act(() => {
      applyServerErrors(result.current.form, new ApiError(400, 'invalid', { Name: ['Name is taken.'] }));
    });
    expect(result.current.errors.name?.message).toBe('Name is taken.');
    await act(() => result.current.form.handleSubmit(() => undefined)());
    expect(result.current.errors).toEqual({});
  });
});

describe('applyServerErrors', () => {
  it('puts each server field error on the field of that path and returns the entries naming no field', () => {
    const { result } = renderForm();
    let rest = {};
    act(() => {
      rest = applyServerErrors(
        result.current.form,
        new ApiError(400, 'invalid', {
          Name: ['Name is taken.', 'Second text'],
          'AlertTimes[1].StartTime': ['Start time overlaps.'],
          ServerErrors: ['Could not save.'],
        }),
      );
    });
    expect(fieldErrorTexts(result.current.errors)).toEqual({
      Name: ['Name is taken.'],
      'AlertTimes[1].StartTime': ['Start time overlaps.'],
    });
    expect(rest).toEqual({ ServerErrors: ['Could not save.'] });
  });

  it('sets nothing for an error that is no API error', () => {
    const { result } = renderForm();
    act(() => {
      expect(applyServerErrors(result.current.form, new Error('offline'))).toEqual({});
    });
    expect(result.current.errors).toEqual({});
  });
});
