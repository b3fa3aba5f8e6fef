import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS } from '@/domain/listing/stockImport';
import { hasNul } from '@/domain/core/nul';
import { HttpError, unprocessable } from '../errors';

// A stock file's cells as text (issue 38): an Excel workbook's first sheet through read-excel-file, a
// CSV (comma, semicolon or tab, with or without a byte order mark) through csv-parse. The first row
// names the columns; rows with nothing in them are left out.

/** A workbook is a ZIP file: it starts with "PK\x03\x04". */
const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

async function workbookRows(bytes: Buffer): Promise<string[][]> {
  try {
    const sheet = await readSheet(bytes);
    return sheet.map((row) => row.map(cellText));
  } catch {
    throw unprocessable(IMPORT_MESSAGES.notASheet);
  }
}

function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD') || hasNul(text)) throw unprocessable(IMPORT_MESSAGES.notASheet);
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const delimiter = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  try {
    return (parse(text, { bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][]).map((row) => row.map(cellText));
  } catch {
    throw unprocessable(IMPORT_MESSAGES.notASheet);
  }
}

/** The file's headings and its rows (each as long as the headings), refused when it is not a sheet, has no rows, or too many. */
export async function readStockFile(bytes: Buffer): Promise<{ columns: string[]; rows: string[][] }> {
  const all = (isZip(bytes) ? await workbookRows(bytes) : csvRows(bytes)).filter((row) => row.some((cell) => cell !== ''));
  const [head, ...rows] = all;
  if (!head || !head.some((c) => c !== '')) throw unprocessable(IMPORT_MESSAGES.noHeadings);
  if (!rows.length) throw unprocessable(IMPORT_MESSAGES.empty);
  if (rows.length > MAX_IMPORT_ROWS) throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
  // Headings made unique and never empty, so each column can be chosen by its heading.
  const seen = new Map<string, number>();
  const columns = head.map((h, i) => {
    const base = h || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  return { columns, rows: rows.map((row) => columns.map((_, i) => row[i] ?? '')) };
}
