import { z } from 'zod';
import { text } from '../core/text';
import type { BusinessDetails } from './business';

/** PUT /api/me/business: the business details a dealer submits for verification. */
export const businessDetailsSchema = z.object({
  business_name: text().trim().min(2).max(120),
  registration_number: text().trim().min(2).max(60),
  address: text().trim().min(5).max(300),
}) satisfies z.ZodType<BusinessDetails>;
