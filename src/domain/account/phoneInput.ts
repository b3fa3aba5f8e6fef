import { z } from 'zod';
import { text } from '../core/text';
import { PHONE_CODE_LENGTH, PHONE_MESSAGES } from './phone';

/** POST /api/auth/phone/send-code: no body, or a new number, which becomes the account's once its code is entered. */
export const phoneSendCodeSchema = z.object({ phone: text().trim().min(1).max(40).optional() }).nullish();

/** POST /api/auth/phone/verify. */
export const phoneVerifySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), PHONE_MESSAGES.invalidCode),
});
