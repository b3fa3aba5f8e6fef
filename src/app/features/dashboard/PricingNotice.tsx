import { Link } from 'react-router-dom';
import { Alert, Anchor, Text } from '@mantine/core';
import { DASHBOARD_TEXTS as T, pricingText } from '@/domain/listing/dashboard';
import type { UserType } from '@/domain/core/constants';
import { t } from '@/app/shared/i18n/language';

/** What listing costs this member (spec 6 and 9), with the way to the advertising prices. */
export function PricingNotice({ userType }: { userType: UserType }) {
  return (
    <Alert color="brand" variant="light" radius="lg" p="md">
      <Text fz="sm">{t(pricingText(userType))}</Text>
      <Anchor component={Link} to="/advertising-prices" fz="sm" fw={650} mt={4} display="inline-block">
        {t(T.pricingLink)} →
      </Anchor>
    </Alert>
  );
}
