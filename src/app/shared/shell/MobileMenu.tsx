import { Link } from 'react-router-dom';
import { Button, Divider, Drawer, Stack } from '@mantine/core';
import { MobileAccount } from './AccountNav';
import { t } from '../i18n/language';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

/** The mobile toggle menu of spec 2.2: the links and the account part; every choice closes it. */
export default function MobileMenu({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: { to: string; label: string }[] }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="80%" title={t(/*i18n*/ 'Menu')} closeButtonProps={{ 'aria-label': t(/*i18n*/ 'Close menu') }}>
      <Stack component="nav" aria-label={t(/*i18n*/ 'Main')} gap={4}>
        {[{ to: '/', label: /*i18n*/ 'Home' }, ...links].map((l) => (
          <Button key={l.to} component={Link} to={l.to} variant="subtle" color="dark" justify="flex-start" onClick={onClose}>
            {t(l.label)}
          </Button>
        ))}
      </Stack>
      <Divider my="md" />
      <MobileAccount onChoose={onClose} />
      <Divider my="md" />
      <LanguageSwitch size="sm" onChoose={onClose} />
    </Drawer>
  );
}
