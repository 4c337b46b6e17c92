import { describe, expect, it } from 'vitest';
import { exportFileName } from './csv.ts';

describe('export file names', () => {
  it("keeps a station's own punctuation: 'AT&T Stadium' stays itself", () => {
    expect(exportFileName('AT&T Stadium OWX', 'Daily', '2026-07-01', '2026-07-14')).toBe(
      'AT&T Stadium OWX Daily 2026-07-01 to 2026-07-14.csv',
    );
    expect(exportFileName("St. Mary's (Field 2), North", 'Hourly', '2026-07-01', '2026-07-01')).toBe(
      "St. Mary's (Field 2), North Hourly 2026-07-01 to 2026-07-01.csv",
    );
  });

  it('drops only what no file system takes: control characters and < > : " / \\ | ? *', () => {
    expect(exportFileName('Gate "3" / North: A|B?*<>\\\u0007', 'Daily', '2026-07-01', '2026-07-02')).toBe(
      'Gate 3 North A B Daily 2026-07-01 to 2026-07-02.csv',
    );
    expect(exportFileName('???', 'Daily', '2026-07-01', '2026-07-02')).toBe(
      'Station Daily 2026-07-01 to 2026-07-02.csv',
    );
  });
});
