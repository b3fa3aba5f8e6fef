import type { MirrorPrefs } from '@/domain/search/deviceCopy';
import { readPrefs, writePrefs } from '@/data/mirrorPrefs';
import { forgetScope, mirror } from './state';

/** What the person chose the device keeps and when it updates. */
export function prefs(): Promise<MirrorPrefs> {
  return readPrefs(mirror);
}

export async function setPrefs(p: MirrorPrefs): Promise<void> {
  await writePrefs(mirror, p);
  // A new scope: searches outside it go to the server at once; the next sync downloads it.
  forgetScope();
}
