import { z } from 'zod';
import { IMPORT_FIELDS, type ImportMapping, type StockImport } from './stockImport';

// A stock file's answers and bodies (issue 38), declared on the server's routes.

const mappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)) satisfies z.ZodType<ImportMapping>;

export const importChoiceSchema = z.object({
  mapping: mappingSchema,
  /** Mark the dealer's listings the file does not have (by stock number) as sold. */
  mark_missing_sold: z.boolean().default(false),
});

const summarySchema = z.object({
  add: z.number(),
  update: z.number(),
  unchanged: z.number(),
  remove: z.number(),
  errors: z.array(z.object({ row: z.number(), field: z.enum(IMPORT_FIELDS).nullable(), message: z.string() })),
});

export const stockImportSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  columns: z.array(z.string()),
  row_count: z.number(),
  sample: z.array(z.array(z.string())),
  mapping: mappingSchema,
  mark_missing_sold: z.boolean(),
  state: z.enum(['uploaded', 'applying', 'done', 'failed']),
  done: z.number(),
  summary: summarySchema.nullable(),
}) satisfies z.ZodType<StockImport>;
