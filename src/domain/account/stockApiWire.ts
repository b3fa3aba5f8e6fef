import { z } from 'zod';
import { ownVehicleSchema } from '../core/wire';
import { vehicleInputSchema } from '../listing/vehicleInput';
import { text } from '../core/text';
import { API_KEY_SCOPES, WEBHOOK_EVENTS, type ApiKey, type CreatedApiKey, type Webhook } from './stockApi';

// The Stock API's bodies and answers (issue 38): the server declares them on its routes, so
// /api/docs describes them and a dealer's developer generates a client from them.

export const newApiKeySchema = z.object({
  name: text().trim().min(1).max(60),
  scope: z.enum(API_KEY_SCOPES),
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
}) satisfies z.ZodType<ApiKey>;

export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }) satisfies z.ZodType<CreatedApiKey>;

export const webhookInputSchema = z.object({ url: text().trim().min(1).max(500) });

export const webhookSchema = z.object({
  url: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string().optional(),
}) satisfies z.ZodType<Webhook>;

/** A dealer's own reference for a vehicle: letters, digits and - _ . / (as stock systems write them). */
export const stockNumberSchema = text()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'A stock number is letters and digits, with - _ . / between them');

export const STOCK_STATUSES = ['draft', 'live', 'expired', 'sold'] as const;

/** A vehicle of a dealer's stock: the listing as its seller reads it, its stock number and where it stands. */
export const stockItemSchema = ownVehicleSchema.extend({
  stock_number: z.string().nullable(),
  status: z.enum(STOCK_STATUSES),
});

export const stockPageSchema = z.object({
  items: z.array(stockItemSchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});

export const stockQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  after: z.uuid().optional(),
  status: z.enum(STOCK_STATUSES).optional(),
});

/** A PUT of one vehicle by stock number: the listing's fields as a create takes them (the id is the server's). */
export const stockInputSchema = vehicleInputSchema.omit({ id: true });
