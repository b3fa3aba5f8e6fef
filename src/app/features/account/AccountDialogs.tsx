import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { authDialogStore, signOutEverywhereStore } from '@/app/shared/session/authDialogStore';

const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));

/** The auth dialog's code (forms, validation) loads the first time it opens, not with every first screen. */
function LazyAuthDialog() {
  const { openings } = useSnapshot(authDialogStore);
  if (openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}

const SignOutEverywhere = lazy(() => import('./SignOutEverywhere'));

/** The "Sign out on all devices" confirmation loads the first time it is chosen. */
function LazySignOutEverywhere() {
  const { openings } = useSnapshot(signOutEverywhereStore);
  if (openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <SignOutEverywhere />
    </Suspense>
  );
}

/** The account's dialogs, over every screen (the shell's overlays), opened through the auth dialog store. */
export function AccountDialogs() {
  return (
    <>
      <LazyAuthDialog />
      <LazySignOutEverywhere />
    </>
  );
}
