/**
 * The object kept as JSON text in the browser's storage (a session, a chosen plan, listings kept
 * for offline visits), or null when there is none, the text is not JSON, or it is not an object.
 * Callers then check the fields they rely on.
 */
export function parseStoredObject(raw: string | null | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}
