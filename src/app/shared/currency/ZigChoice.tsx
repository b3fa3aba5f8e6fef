import { lazy, Suspense } from 'react';
import type { MantineSpacing } from '@mantine/core';
import { useZig } from './zigPreference';

// The switch loads only once a rate is set: the first screen of / stays within its budget (issue 39).
const ZigSwitch = lazy(() => import('./ZigSwitch').then((m) => ({ default: m.ZigSwitch })));

/** 'Also show prices in ZiG' where buyers see prices; nothing (and no code fetched) until an administrator has set a rate. */
export function ZigChoice({ mt, mb }: { mt?: MantineSpacing; mb?: MantineSpacing }) {
  if (!useZig().available) return null;
  return (
    <Suspense fallback={null}>
      <ZigSwitch mt={mt} mb={mb} />
    </Suspense>
  );
}
