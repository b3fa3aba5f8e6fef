import { HTTPError } from 'ky';
import { knownText } from './i18n/language';

/**
 * What the server said of a refused request: its `detail` when a text (its own refusals), or the first
 * message of a schema error's list (`[{loc, msg, type}]`); else the fallback. The server words its
 * refusals in English (the API's language); those that are the app's texts show in the app's language.
 */
export async function problemDetail(err: unknown, fallback: string): Promise<string> {
  if (!(err instanceof HTTPError)) return fallback;
  const body = (await err.response.json().catch(() => null)) as { detail?: unknown } | null;
  const detail = body?.detail;
  if (typeof detail === 'string' && detail.trim()) return knownText(detail);
  const first: unknown = Array.isArray(detail) ? (detail[0] as { msg?: unknown } | undefined)?.msg : undefined;
  return typeof first === 'string' && first.trim() ? first : fallback;
}
