import { parseScopeParams, scopeParams, WHOLE_COUNTRY } from '../domain/search/scope';
import type { Mirror } from './mirror';
import type { MirrorPrefs } from './records';

/** A device that was never asked: the whole country, over any connection, no data saving. */
export const DEFAULT_PREFS: MirrorPrefs = { scope: WHOLE_COUNTRY, wifiOnly: false, saveData: false };

/**
 * The stored prefs read back with the scope's own rules (an older or damaged row falls back to the
 * defaults field by field, so the device never acts on a scope the server would refuse).
 */
function validPrefs(stored: Partial<MirrorPrefs> | undefined): MirrorPrefs {
  if (!stored) return DEFAULT_PREFS;
  let scope = DEFAULT_PREFS.scope;
  try {
    if (stored.scope) scope = parseScopeParams(scopeParams(stored.scope));
  } catch {
    scope = DEFAULT_PREFS.scope;
  }
  return {
    scope,
    wifiOnly: typeof stored.wifiOnly === 'boolean' ? stored.wifiOnly : DEFAULT_PREFS.wifiOnly,
    saveData: typeof stored.saveData === 'boolean' ? stored.saveData : DEFAULT_PREFS.saveData,
  };
}

export async function readPrefs(mirror: Mirror): Promise<MirrorPrefs> {
  return validPrefs((await mirror.meta('prefs'))?.prefs);
}

export function writePrefs(mirror: Mirror, prefs: MirrorPrefs): Promise<void> {
  return mirror.putMeta({ key: 'prefs', prefs: validPrefs(prefs) });
}
