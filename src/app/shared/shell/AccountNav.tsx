import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { ACCOUNT_NAV_TEXTS as T } from '@/domain/account/authTexts';
import { authDialog, signOutEverywhereDialog } from '../session/authDialogStore';
import { signOut, useSession } from '../session/session';
import { AccountButton } from './AccountButton';
import { SavedLink } from './SavedLink';
import { UnreadMessages } from '../slots';
import { FAVOURITE_TEXTS, SAVED_PATH } from '@/domain/listing/favourites';
import { t } from '../i18n/language';
import { displayName } from '@/domain/account/displayName';

const AccountMenu = lazy(() => import('./AccountMenu'));

/** The account links of spec 2.2, shared by the dropdown and the mobile menu. */
function useAccountLinks() {
  const { isAdmin } = useSession();
  return [
    { to: '/dashboard', label: T.myProfile },
    { to: '/dashboard', label: T.myListings },
    { to: '/messages', label: T.messages, unread: true },
    { to: '/saved-searches', label: T.savedSearches },
    { to: SAVED_PATH, label: FAVOURITE_TEXTS.title },
    ...(isAdmin ? [{ to: '/admin', label: T.adminPanel }] : []),
  ];
}

/**
 * The right end of the top bar: Sign In / Sign Up, or the welcome line and the Account dropdown.
 * Where the bar has no room for the welcome line (`showWelcome` false) it heads the dropdown instead.
 */
export function DesktopAccount({ showWelcome }: { showWelcome: boolean }) {
  const { signedIn, isAdmin, user } = useSession();
  const name = displayName(user, t);
  const links = useAccountLinks();
  // A tap on the button before the dropdown's code has arrived opens it as soon as it has.
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (!signedIn) {
    return (
      <Group gap={8} wrap="nowrap">
        <SavedLink />
        <Button variant="default" onClick={() => authDialog.open('signin')}>
          {t(T.signIn)}
        </Button>
        <Button onClick={() => authDialog.open('signup')}>{t(T.signUp)}</Button>
      </Group>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <SavedLink />
      {showWelcome ? (
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={600} c="dark.6" truncate="end" maw={200} title={t(T.welcome) + name}>
            {t(T.welcome)}
            {name}
          </Text>
          {isAdmin ? (
            <Text fz="sm" c="gold.8" fw={700}>
              {t(T.adminMarker)}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {/* The dropdown's code (its popover) loads when a signed-in bar first shows; meanwhile its button, which remembers a tap. */}
      <Suspense fallback={<AccountButton onClick={() => setOpenOnLoad(true)} />}>
        <AccountMenu showWelcome={showWelcome} links={links} defaultOpened={openOnLoad} />
      </Suspense>
    </Group>
  );
}

/** The account part of the mobile menu; every choice closes the menu. */
export function MobileAccount({ onChoose }: { onChoose(): void }) {
  const { signedIn, isAdmin, user } = useSession();
  const name = displayName(user, t);
  const links = useAccountLinks();
  const open = (tab: 'signin' | 'signup') => {
    onChoose();
    authDialog.open(tab);
  };
  if (!signedIn) {
    return (
      <Stack gap="xs">
        <Button component={Link} to={SAVED_PATH} variant="subtle" color="dark" justify="flex-start" onClick={onChoose}>
          {t(FAVOURITE_TEXTS.title)}
        </Button>
        <Button variant="default" onClick={() => open('signin')}>
          {t(T.signIn)}
        </Button>
        <Button onClick={() => open('signup')}>{t(T.signUp)}</Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Stack gap={6} bg="brand.0" p="sm" mb={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text fw={650} fz="sm" c="brand.9">
          {t(T.welcome)}
          {name}
        </Text>
        {isAdmin ? (
          <Badge color="gold" c="dark" variant="filled" size="sm">
            {t(T.mobileAdminMarker)}
          </Badge>
        ) : null}
      </Stack>
      {links.map((l) => (
        <Button key={t(l.label)} component={Link} to={l.to} variant="subtle" color="dark" justify="flex-start" onClick={onChoose} rightSection={l.unread && <UnreadMessages />}>
          {t(l.label)}
        </Button>
      ))}
      <Divider my={4} />
      <Button
        variant="subtle"
        color="dark"
        justify="flex-start"
        onClick={() => {
          onChoose();
          signOutEverywhereDialog.open();
        }}
      >
        {t(T.signOutEverywhere)}
      </Button>
      <Button
        variant="subtle"
        color="red"
        justify="flex-start"
        onClick={() => {
          onChoose();
          signOut();
        }}
      >
        {t(T.signOut)}
      </Button>
    </Stack>
  );
}
