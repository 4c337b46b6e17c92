// CSV text (RFC 4180): a field with a comma, quote or line break is quoted, its quotes doubled; lines end CRLF.
// A text field starting with =, +, - or @ gets a leading apostrophe so a spreadsheet never runs it as a formula.

/** One CSV line of the values (null and undefined as empty fields), ending CRLF. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
