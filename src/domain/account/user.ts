import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH } from '../core/constants';
import type { userSchema } from '../core/wire';
import { AUTH_MESSAGES } from './authMessages';
import { text } from '../core/text';

/** A user as the API returns it (spec section 3); never carries a password hash. Its schema is wire.ts's. */
export type User = z.infer<typeof userSchema>;

/** An email address as accounts keep it: trimmed and lower-case. */
export const emailField = text().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(200));
const email = emailField;
const password = z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(200);

export const signupSchema = z.object({
  name: text().trim().min(1).max(120),
  email,
  phone: text().trim().min(1).max(40),
  location: text().trim().min(1).max(200),
  password,
  user_type: z.enum(['private', 'dealer']).default('private'),
  business_name: text().trim().max(160).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({ email, password: z.string().min(1).max(200) });
export const forgotPasswordSchema = z.object({ email });
export const resetCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), AUTH_MESSAGES.invalidCode);
export const verifyCodeSchema = z.object({ email, code: resetCode });
export const resetPasswordSchema = z.object({ email, code: resetCode, new_password: password });

export { displayName } from './displayName';
