import { Link } from 'react-router-dom';
import { Menu } from '@mantine/core';
import { ACCOUNT_NAV_TEXTS as T } from '@/domain/account/authTexts';
import { AccountButton } from './AccountButton';
import { UnreadMessages } from '../slots';
import { signOutEverywhereDialog } from '../session/authDialogStore';
import { signOut, useSession } from '../session/session';
import { t } from '../i18n/language';
import { displayName } from '@/domain/account/displayName';

/** The Account dropdown of spec 2.2: the welcome line when the bar has no room for it, the links, Sign Out (and Sign out on all devices). */
export default function AccountMenu({ showWelcome, links, defaultOpened }: { showWelcome: boolean; links: { to: string; label: string; unread?: boolean }[]; defaultOpened: boolean }) {
  const { isAdmin, user } = useSession();
  const name = displayName(user, t);
  return (
    <Menu position="bottom-end" width={220} shadow="md" radius="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        {showWelcome ? null : (
          <Menu.Label>
            {t(T.welcome)}
            {name}
            {isAdmin ? ` ${t(T.adminMarker)}` : ''}
          </Menu.Label>
        )}
        {links.map((l) => (
          <Menu.Item key={t(l.label)} component={Link} to={l.to} rightSection={l.unread && <UnreadMessages />}>
            {t(l.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => signOutEverywhereDialog.open()}>{t(T.signOutEverywhere)}</Menu.Item>
        <Menu.Item color="red" onClick={() => signOut()}>
          {t(T.signOut)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
