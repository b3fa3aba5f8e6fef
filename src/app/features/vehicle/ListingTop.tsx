import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Breadcrumbs, Button, Group, Text } from '@mantine/core';
import { isSold, type Vehicle } from '@/domain/listing/vehicle';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { dateText } from '@/domain/i18n/format';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** The top of a listing's page: the breadcrumbs and Back, then the Sold banner when it is sold. */
export function ListingTop({ vehicle: v }: { vehicle: Vehicle }) {
  const navigate = useNavigate();
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Breadcrumbs>
          <Anchor component={Link} to="/">
            {t(/*i18n*/ 'Home')}
          </Anchor>
          <Anchor component={Link} to="/cars">
            {t(/*i18n*/ 'Browse Cars')}
          </Anchor>
          <Text>{[v.make, v.model, v.variant].filter(Boolean).join(' ')}</Text>
        </Breadcrumbs>
        <Button variant="default" onClick={() => navigate(-1)}>
          {t(/*i18n*/ 'Back')}
        </Button>
      </Group>
      {isSold(v) ? (
        <Alert color="dark" variant="filled" radius="lg" mb="md" title={t(LISTING_MESSAGES.soldTitle)} data-testid="sold-banner">
          {LISTING_MESSAGES.soldText(dateText(v.sold_at!, { day: 'numeric', month: 'short', year: 'numeric' }, currentLanguage()), t)}
        </Alert>
      ) : null}
    </>
  );
}
