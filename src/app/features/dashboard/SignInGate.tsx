import { Card } from '@mantine/core';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { SignInRequired } from '@/app/shared/session/SignInRequired';
import { Page } from '@/app/shared/shell/Page';
import { t } from '@/app/shared/i18n/language';

/**
 * The dashboard's sign-in gate (spec 2.9). The spec says both "redirect to /" and this gate; the gate
 * in place wins: a seller who follows Sell or a saved link signs in here and lands on the dashboard
 * they asked for, instead of being thrown back to the home page. It checks only authentication.
 */
export function SignInGate() {
  return (
    <Page title={t(T.title)} size="sm">
      <Card padding="xl">
        <SignInRequired />
      </Card>
    </Page>
  );
}
