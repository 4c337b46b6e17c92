// A report's files as e-mail attachments (issue 17): read by the notifier as it sends, so the bytes never sit in the
// event or the delivery row.
import type { Database } from '../../db/client.ts';
import { ReportRepository } from './report.repository.ts';

/** The files of a report with their bytes (CSV first, then XLSX). */
export async function reportAttachments(
  db: Database,
  reportId: string,
): Promise<{ fileName: string; contentType: string; content: Buffer }[]> {
  const repo = new ReportRepository(db);
  const out = [];
  for (const f of await repo.files(reportId)) {
    const parts: Buffer[] = [];
    for await (const chunk of repo.chunks(f.id)) parts.push(chunk);
    out.push({ fileName: f.fileName, contentType: f.contentType, content: Buffer.concat(parts) });
  }
  return out;
}
