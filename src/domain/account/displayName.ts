import { english, type Translate } from '../i18n/text';

// Apart from the schemas of user.ts, so the app's shell can name the user without loading a validator.

/** The name shown after 'Welcome, ': the name, else the email, else 'User'. */
export function displayName(u: { name?: string | null; email?: string | null } | null | undefined, tr: Translate = english): string {
  return u?.name?.trim() || u?.email?.trim() || tr(/*i18n*/ 'User');
}

/** A name's initials for an avatar: the first letters of its first two words ('Msasa & Sons Motors' → 'MS'). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
