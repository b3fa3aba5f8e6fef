// Apart from the schemas of user.ts, so the app's shell can name the user without loading a validator.

/** The name shown after 'Welcome, ': the name, else the email, else 'User'. */
export function displayName(u: { name?: string | null; email?: string | null } | null | undefined): string {
  return u?.name?.trim() || u?.email?.trim() || 'User';
}
