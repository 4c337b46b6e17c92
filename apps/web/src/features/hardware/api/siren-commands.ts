// POST /api/Siren/Test/Delay, Test/AllClear, Test/Light and Siren/TurnOff (spec 02 §7): each siren's answer to its
// command, and the test's running time.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSirenCommandResult, TSirenTestType } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getHardwareQueryOptions } from './get-hardware.ts';

/** A test (or Stop Test, `test` null) for these sirens. */
export interface SirenCommand {
  test: TSirenTestType | null;
  sirenIds: number[];
}

export function runSirenCommand({ test, sirenIds }: SirenCommand): Promise<TSirenCommandResult> {
  if (test === 'delay') return call('sirenTestDelay', { body: sirenIds });
  if (test === 'all-clear') return call('sirenTestAllClear', { body: sirenIds });
  if (test === 'light') return call('sirenTestLight', { body: sirenIds });
  return call('sirenTurnOff', { body: sirenIds });
}

export function useSirenCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSirenCommand,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getHardwareQueryOptions().queryKey }),
  });
}
