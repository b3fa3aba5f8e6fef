import { Link } from 'react-router-dom';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { AUTH_DIALOG_TEXTS, GATE_TEXTS } from '@/domain/account/authDialogTexts';
import { authDialog } from './authDialogStore';
import { t } from '../i18n/language';

/**
 * The sellers' pages' sign-in gate (spec 2.9: 'Sign In Required', 'Sign In to Continue' opening the
 * dialog on the sign-in tab): the dashboard, the wizard's page and the payment page. It checks only
 * authentication; `disabled` while the saved session is still being read.
 */
export function SignInRequired({ disabled = false }: { disabled?: boolean }) {
  return (
    <Stack align="center" ta="center" gap="sm">
      <Title order={2}>{t(GATE_TEXTS.signInRequired)}</Title>
      <Text c="dimmed">{t(AUTH_DIALOG_TEXTS.subtitle.seller)}</Text>
      <Button size="md" mt="xs" onClick={() => authDialog.open('signin')} disabled={disabled}>
        {t(GATE_TEXTS.signInToContinue)}
      </Button>
      <Group mt="sm" justify="center" gap="xs">
        <Button component={Link} to="/selling-guide" variant="subtle">
          {t(/*i18n*/ 'Selling guide')}
        </Button>
        <Button component={Link} to="/advertising-prices" variant="subtle">
          {t(/*i18n*/ 'Advertising prices')}
        </Button>
      </Group>
    </Stack>
  );
}
