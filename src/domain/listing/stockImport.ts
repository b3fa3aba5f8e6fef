import { FIELD_LABELS } from './listingWizard';
import { MAX_IMAGES } from '../core/constants';
import { wholeNumberText } from '../core/numbers';
import { english, type Translate } from '../i18n/text';

// A dealer's stock file (issue 38): a CSV or Excel sheet, one vehicle a row, its columns mapped to
// Motokari's fields (the mapping remembered for the next file), checked in a dry run, then applied:
// the dealer's stock number is the key, so the same file twice changes nothing. Pure: the server
// reads the rows with this, the dashboard shows the fields, the mapping and the results with it.

export const IMPORT_FIELDS = [
  'stock_number',
  'vehicle_type',
  'make',
  'model',
  'variant',
  'year',
  'price',
  'mileage',
  'operating_hours',
  'engine_size',
  'fuel_type',
  'transmission',
  'drive_type',
  'condition',
  'car_category',
  'color',
  'description',
  'features',
  'location',
  'region',
  'photos',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Which column of the file (by its heading) each field is read from; a field not mapped is left as it is. */
export type ImportMapping = Partial<Record<ImportField, string>>;

/** A file's rows at most; larger stocks are split (or sent through the Stock API). */
export const MAX_IMPORT_ROWS = 5000;
/** A file's size at most. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Photos read from a row at most: a listing's own limit. */
export const MAX_IMPORT_PHOTOS = MAX_IMAGES;

export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['stock_number', 'make', 'model', 'year'];

/** The fields' names as the wizard shows them (listingWizard.ts), and the three it does not have. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  stock_number: /*i18n*/ 'Stock number',
  vehicle_type: FIELD_LABELS.vehicle_type,
  make: FIELD_LABELS.make,
  model: FIELD_LABELS.model,
  variant: FIELD_LABELS.variant,
  year: FIELD_LABELS.year,
  price: FIELD_LABELS.price,
  mileage: FIELD_LABELS.mileage,
  operating_hours: FIELD_LABELS.operating_hours,
  engine_size: FIELD_LABELS.engine_size,
  fuel_type: FIELD_LABELS.fuel_type,
  transmission: FIELD_LABELS.transmission,
  drive_type: /*i18n*/ 'Drive type',
  condition: FIELD_LABELS.condition,
  car_category: FIELD_LABELS.category,
  color: FIELD_LABELS.color,
  description: FIELD_LABELS.description,
  features: FIELD_LABELS.features,
  location: /*i18n*/ 'Location',
  region: FIELD_LABELS.region,
  photos: /*i18n*/ 'Photo addresses (URLs)',
};

/** Headings a dealer's system is likely to use for each field, lower-case with spaces, for the first mapping. */
const HEADINGS: Record<ImportField, string[]> = {
  stock_number: ['stock number', 'stock no', 'stock', 'stock id', 'stock #', 'sku', 'reference', 'ref', 'vehicle id', 'id'],
  vehicle_type: ['vehicle type', 'type'],
  make: ['make', 'manufacturer', 'brand'],
  model: ['model'],
  variant: ['variant', 'trim', 'version', 'derivative'],
  year: ['year', 'model year', 'year of manufacture', 'reg year'],
  price: ['price', 'price usd', 'price (usd)', 'asking price', 'amount', 'retail price'],
  mileage: ['mileage', 'mileage km', 'odometer', 'km', 'kilometres', 'kilometers'],
  operating_hours: ['operating hours', 'hours', 'hour meter'],
  engine_size: ['engine size', 'engine', 'engine cc', 'cc', 'displacement'],
  fuel_type: ['fuel type', 'fuel'],
  transmission: ['transmission', 'gearbox'],
  drive_type: ['drive type', 'drive', 'drivetrain'],
  condition: ['condition', 'state', 'new/used'],
  car_category: ['body type', 'body', 'body style', 'category'],
  color: ['colour', 'color', 'exterior colour', 'exterior color'],
  description: ['description', 'comments', 'notes', 'details'],
  features: ['features', 'options', 'extras', 'equipment'],
  location: ['location', 'branch', 'yard', 'city', 'town'],
  region: ['region', 'province'],
  photos: ['photos', 'photo', 'images', 'image', 'image urls', 'photo urls', 'pictures', 'picture'],
};

const normal = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/**
 * The mapping for a file's headings: the dealer's last mapping where its column is in this file,
 * else the heading that names the field. Each column serves one field.
 */
export function guessMapping(headings: readonly string[], remembered: ImportMapping = {}): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = remembered[field];
    if (column !== undefined && headings.includes(column) && !taken.has(column)) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  for (const field of IMPORT_FIELDS) {
    if (mapping[field] !== undefined) continue;
    const column = HEADINGS[field].map((h) => headings.find((c) => normal(c) === h && !taken.has(c))).find((c) => c !== undefined);
    if (column !== undefined) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** A number as people type it in a sheet: '$38,500', '85 000 km', '2.4'. */
const numberText = (text: string) => text.replace(/[^\d.-]/g, '');
const NUMBERS = new Set<ImportField>(['year', 'price', 'mileage', 'operating_hours', 'engine_size']);
const LOWER = new Set<ImportField>(['vehicle_type', 'fuel_type', 'transmission', 'drive_type', 'condition', 'car_category']);

/** One row read through a mapping: its stock number, the listing fields it gives, and its photos' addresses. */
export interface ImportRow {
  stock_number: string;
  fields: Record<string, unknown>;
  photos: string[];
}

/** Reads one row (the cells by heading) through a mapping; a field whose cell is empty is not given. */
export function readImportRow(cells: Readonly<Record<string, string>>, mapping: ImportMapping): ImportRow {
  const fields: Record<string, unknown> = {};
  let photos: string[] = [];
  let stockNumber = '';
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    const text = (cells[column] ?? '').trim();
    if (field === 'stock_number') stockNumber = text;
    else if (field === 'photos')
      photos = text
        .split(/[\s,;|]+/)
        .filter(Boolean)
        .slice(0, MAX_IMPORT_PHOTOS);
    else if (text === '') continue;
    else if (field === 'features')
      fields.features = text
        .split(/[;|\n]/)
        .map((f) => f.trim())
        .filter(Boolean);
    else if (NUMBERS.has(field)) fields[field] = numberText(text) === '' ? text : Number(numberText(text));
    else fields[field] = LOWER.has(field) ? text.toLowerCase() : text;
  }
  return { stock_number: stockNumber, fields, photos };
}

/** A row's problem, as the dry run lists it: the row's number in the file (the headings are row 1), the field, what is wrong. */
export interface ImportError {
  row: number;
  field: ImportField | null;
  message: string;
}

/** What the dry run found, and what an applied import did. */
export interface ImportSummary {
  /** Rows that make a new listing, change one, or find it as it is. */
  add: number;
  update: number;
  unchanged: number;
  /** Listings of the dealer's that the file does not have, marked sold (when asked). */
  remove: number;
  errors: ImportError[];
}

export type ImportState = 'uploaded' | 'applying' | 'done' | 'failed';

/** An import as GET /api/dealer/imports/{id} answers it. */
export interface StockImport {
  id: string;
  file_name: string;
  columns: string[];
  row_count: number;
  /** The first rows, for the mapping screen. */
  sample: string[][];
  mapping: ImportMapping;
  mark_missing_sold: boolean;
  state: ImportState;
  /** Rows applied so far, while applying. */
  done: number;
  /** The dry run's summary before it is applied, what it did after. */
  summary: ImportSummary | null;
}

export const IMPORT_MESSAGES = {
  notASheet: /*i18n*/ 'Upload a CSV file or an Excel workbook (.xlsx)',
  // MAX_IMPORT_ROWS, written whole so that the text can be translated.
  tooLarge: /*i18n*/ 'A stock file can be at most 5 MB and 5000 rows',
  empty: /*i18n*/ 'This file has no rows under its headings',
  noHeadings: /*i18n*/ 'The first row of the file must name its columns',
  required: (label: string, tr: Translate = english) => tr(/*i18n*/ '{label} is required', { label }),
  duplicate: (stockNumber: string, first: number, tr: Translate = english) => tr(/*i18n*/ 'Stock number {stockNumber} is also in row {first}', { stockNumber, first }),
  notFound: /*i18n*/ 'Import not found',
  alreadyApplied: /*i18n*/ 'This file has already been imported',
  mapRequired: (labels: string, tr: Translate = english) => tr(/*i18n*/ 'Choose the columns for: {labels}', { labels }),
  badPhoto: (n: number, tr: Translate = english) => tr(/*i18n*/ 'Photo {n} is not a web address (http:// or https://)', { n }),
} as const;

/** The dashboard's 'Import your stock' screen, in plain words for people who are not technical. */
export const IMPORT_TEXTS = {
  title: /*i18n*/ 'Import your stock',
  intro: /*i18n*/ 'Upload a CSV or Excel file with one vehicle per row. Your stock number is the key: importing the same file again changes nothing, and a changed price updates the listing.',
  link: /*i18n*/ 'Import a stock file',
  fileHeading: /*i18n*/ 'Your file',
  // MAX_IMPORT_ROWS, written whole so that the text can be translated.
  fileHint: /*i18n*/ 'A CSV file or an Excel workbook (.xlsx), up to 5 MB and 5,000 rows. The first row names the columns.',
  chooseFile: /*i18n*/ 'Choose file',
  chooseAnother: /*i18n*/ 'Choose another file',
  uploading: /*i18n*/ 'Reading your file…',
  fileRows: (n: number, tr: Translate = english) =>
    n === 1 ? tr(/*i18n*/ '{n} vehicle in this file', { n: wholeNumberText(n) }) : tr(/*i18n*/ '{n} vehicles in this file', { n: wholeNumberText(n) }),
  mappingHeading: /*i18n*/ 'Match your columns',
  mappingIntro: /*i18n*/ 'For each of our fields, choose the column of your file that holds it. Fields marked * are needed.',
  notInFile: /*i18n*/ 'Not in my file',
  example: (value: string, tr: Translate = english) => tr(/*i18n*/ 'For example: {value}', { value }),
  markSold: /*i18n*/ 'Mark vehicles missing from this file as sold',
  markSoldHint: /*i18n*/ 'Your published listings whose stock number is not in this file.',
  check: /*i18n*/ 'Check file',
  checkHint: /*i18n*/ 'Checking changes nothing yet: it shows what the import will do.',
  summaryHeading: /*i18n*/ 'What this file will do',
  /** The counts' words under their number in a tile: what the dry run found ('3' over 'to add'), and what the import did ('3' over 'added'). */
  counts: {
    check: { add: /*i18n*/ 'to add', update: /*i18n*/ 'to update', unchanged: /*i18n*/ 'unchanged', remove: /*i18n*/ 'to mark sold' },
    done: { add: /*i18n*/ 'added', update: /*i18n*/ 'updated', unchanged: /*i18n*/ 'unchanged', remove: /*i18n*/ 'marked sold' },
  },
  problemsHeading: /*i18n*/ 'Rows with problems',
  problemsIntro: /*i18n*/ 'These rows are skipped and the others are imported. Correct them in your file and import it again.',
  problemsSkipped: /*i18n*/ 'These rows were skipped. Correct them in your file and import it again.',
  row: /*i18n*/ 'Row',
  field: /*i18n*/ 'Field',
  problem: /*i18n*/ 'Problem',
  moreProblems: (n: number, tr: Translate = english) => tr(/*i18n*/ 'and {n} more', { n: wholeNumberText(n) }),
  importVehicles: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ 'Import {n} vehicle', { n: wholeNumberText(n) }) : tr(/*i18n*/ 'Import {n} vehicles', { n: wholeNumberText(n) })),
  markVehiclesSold: (n: number, tr: Translate = english) =>
    n === 1 ? tr(/*i18n*/ 'Mark {n} vehicle sold', { n: wholeNumberText(n) }) : tr(/*i18n*/ 'Mark {n} vehicles sold', { n: wholeNumberText(n) }),
  nothingToImport: /*i18n*/ 'Nothing to import: every vehicle in this file is already up to date.',
  importing: (done: number, total: number, tr: Translate = english) => tr(/*i18n*/ 'Importing… {done} of {total}', { done: wholeNumberText(done), total: wholeNumberText(total) }),
  finished: /*i18n*/ 'Import finished',
  drafts: /*i18n*/ 'New listings are drafts until their listing fee is paid, as in the listing wizard.',
  photos: /*i18n*/ 'Photos from web addresses are fetched in the background and appear within a few minutes.',
  failedHeading: /*i18n*/ 'The import stopped',
  failed: /*i18n*/ 'The import could not finish. Vehicles imported before it stopped are kept: check your file and import it again.',
  backToDashboard: /*i18n*/ 'Back to your dashboard',
  importAnother: /*i18n*/ 'Import another file',
  dealersOnly: /*i18n*/ 'Importing a stock file is for dealers and their staff. Private sellers add their vehicles with the listing wizard.',
  offline: /*i18n*/ 'You are offline. Importing a stock file needs a connection.',
  error: /*i18n*/ 'That did not work. Check your connection and try again.',
} as const;
