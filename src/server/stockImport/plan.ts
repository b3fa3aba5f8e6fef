import type { z } from 'zod';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  readImportRow,
  REQUIRED_IMPORT_FIELDS,
  type ImportError,
  type ImportField,
  type ImportMapping,
  type ImportSummary,
} from '@/domain/listing/stockImport';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import { stockNumberSchema } from '@/domain/account/stockApiWire';
import type { AppContext } from '../context';
import { HttpError, unprocessable } from '../errors';
import { changedColumns, editColumns } from '../listingWrites';
import type { UserRow } from '../repositories/users.repo';
import type { VehicleRow } from '../repositories/vehicles/rows';
import { dealerStockByNumber, photoSources } from '../repositories/stockImports.repo';

// A stock file's dry run (issue 38): what each row would do against the dealer's stock as it is now
// (make a listing, change one, nothing), each problem with its row and field, and the listings the
// file does not have. The import itself applies the same plan (apply.ts), so what the dry run said is
// what it does, give or take the changes made meanwhile.

type VehicleInput = z.infer<typeof vehicleInputSchema>;
const editSchema = vehicleInputSchema.omit({ id: true }).partial();
const NUMBER_FIELDS = new Set<string>(['year', 'price', 'mileage', 'operating_hours', 'engine_size']);

export interface RowPlan {
  /** The row's number in the file (its headings are row 1). */
  row: number;
  stockNumber: string;
  action: 'add' | 'update' | 'unchanged';
  existing: VehicleRow | null;
  input: { full: VehicleInput; given: Partial<VehicleInput> };
  /** Photo addresses to fetch: a new list for the listing, or none. */
  photos: string[];
}

export interface ImportPlan {
  summary: ImportSummary;
  rows: RowPlan[];
  missing: VehicleRow[];
}

const fieldOf = (key: unknown): ImportField | null => (key === 'category' ? 'car_category' : IMPORT_FIELDS.includes(key as ImportField) ? (key as ImportField) : null);

function issuesOf(row: number, error: z.ZodError): ImportError[] {
  return error.issues.map((issue) => {
    const field = fieldOf(issue.path[0]);
    const label = field ? IMPORT_FIELD_LABELS[field] : null;
    if (label && NUMBER_FIELDS.has(field!) && /expected number|NaN/i.test(issue.message)) return { row, field, message: `${label} must be a number` };
    return { row, field, message: label ? `${label}: ${issue.message}` : issue.message };
  });
}

const isWebAddress = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

export async function planImport(
  ctx: Pick<AppContext, 'db' | 'media' | 'config' | 'now' | 'jobs'>,
  actor: UserRow,
  dealerId: string,
  file: { columns: string[]; rows: string[][] },
  choice: { mapping: ImportMapping; markMissingSold: boolean },
): Promise<ImportPlan> {
  const { mapping } = choice;
  const unmapped = REQUIRED_IMPORT_FIELDS.filter((f) => mapping[f] === undefined || !file.columns.includes(mapping[f]));
  if (unmapped.length) throw unprocessable(IMPORT_MESSAGES.mapRequired(unmapped.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')));
  const stock = await dealerStockByNumber(ctx.db, dealerId);
  const sources = await photoSources(
    ctx.db,
    [...stock.values()].map((v) => v.id),
  );
  const summary: ImportSummary = { add: 0, update: 0, unchanged: 0, remove: 0, errors: [] };
  const rows: RowPlan[] = [];
  const firstRowOf = new Map<string, number>();
  for (const [i, cells] of file.rows.entries()) {
    const row = i + 2;
    const read = readImportRow(Object.fromEntries(file.columns.map((c, j) => [c, cells[j] ?? ''])), mapping);
    const errors: ImportError[] = [];
    for (const field of REQUIRED_IMPORT_FIELDS)
      if (field !== 'stock_number' && read.fields[field] === undefined) errors.push({ row, field, message: IMPORT_MESSAGES.required(IMPORT_FIELD_LABELS[field]) });
    const number = stockNumberSchema.safeParse(read.stock_number);
    if (!read.stock_number) errors.unshift({ row, field: 'stock_number', message: IMPORT_MESSAGES.required(IMPORT_FIELD_LABELS.stock_number) });
    else if (!number.success) errors.unshift({ row, field: 'stock_number', message: number.error.issues[0]!.message });
    else if (firstRowOf.has(number.data)) errors.unshift({ row, field: 'stock_number', message: IMPORT_MESSAGES.duplicate(number.data, firstRowOf.get(number.data)!) });
    else firstRowOf.set(number.data, row);
    read.photos.forEach((url, n) => {
      if (!isWebAddress(url)) errors.push({ row, field: 'photos', message: IMPORT_MESSAGES.badPhoto(n + 1) });
    });
    const full = vehicleInputSchema.safeParse({ ...read.fields, images: [] });
    const given = editSchema.safeParse(read.fields);
    const existing = number.success ? (stock.get(number.data) ?? null) : null;
    if (existing ? !given.success : !full.success) errors.push(...issuesOf(row, (existing ? given.error : full.error)!).filter((e) => !errors.some((x) => x.field === e.field)));
    if (errors.length || !number.success) {
      summary.errors.push(...errors);
      continue;
    }
    const sent = Object.fromEntries(Object.entries(given.data!).filter(([k]) => k in read.fields)) as Partial<VehicleInput>;
    const newPhotos = read.photos.length > 0 && JSON.stringify(read.photos) !== JSON.stringify(existing ? (sources.get(existing.id) ?? []) : []);
    let action: RowPlan['action'] = 'add';
    if (existing) {
      try {
        action = Object.keys(changedColumns(existing, await editColumns(ctx, actor, existing, sent))).length || newPhotos ? 'update' : 'unchanged';
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        summary.errors.push({ row, field: null, message: String(e.detail) });
        continue;
      }
    }
    summary[action] += 1;
    rows.push({ row, stockNumber: number.data, action, existing, input: { full: full.success ? full.data : ({} as VehicleInput), given: sent }, photos: newPhotos ? read.photos : [] });
  }
  const inFile = new Set(firstRowOf.keys());
  const missing = choice.markMissingSold ? [...stock.values()].filter((v) => !inFile.has(v.stockNumber!) && v.firstPublishedAt !== null && v.soldAt === null) : [];
  summary.remove = missing.length;
  return { summary, rows, missing };
}
