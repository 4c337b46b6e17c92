// POST reports/generate (spec 03 §7 'Reports'): queues the report; the job is then followed with get-report.ts.
import { useMutation } from '@tanstack/react-query';
import type { TReportJob, TReportRequest } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function generateReport(body: TReportRequest): Promise<TReportJob> {
  return call('reportGenerate', { body });
}

export function useGenerateReport() {
  return useMutation({ mutationFn: generateReport });
}
