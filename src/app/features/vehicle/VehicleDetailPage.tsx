import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Center, Container, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { isSold } from '@/domain/listing/vehicle';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { titleOf } from '@/domain/listing/display';
import { AdminDetailDelete } from '@/app/shared/slots';
import { Gallery } from './Gallery';
import { ListingHeading } from './ListingHeading';
import { ListingTop } from './ListingTop';
import { MoreFromDealer } from './MoreFromDealer';
import { PricePanel } from './PricePanel';
import ReportListing from './ReportListing';
import { Directions, SellerInformation } from './SellerPanels';
import { ShareListing } from './ShareListing';
import { useVehicleDetail } from './useVehicleDetail';
import { VehicleFacts } from './VehicleFacts';
import { t } from '@/app/shared/i18n/language';

const OwnerDelete = lazy(() => import('./OwnerDelete'));

/** A listing's page when there is no such listing (or it is gone): say so, and offer the other cars. */
function ListingNotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{t(LISTING_MESSAGES.notFound)}</Title>
        <Text c="dimmed">{t(LISTING_MESSAGES.notFoundText)}</Text>
        <Button component={Link} to="/cars">
          {t(/*i18n*/ 'Browse Other Cars')}
        </Button>
      </Stack>
    </Container>
  );
}

/** A listing's page (spec 2.7): its photos and facts, the price and contact, the seller and the way there, sharing, the owner's and admin's controls, and the dealer's other listings. */
export default function VehicleDetailPage() {
  const { vehicle, located, source, place, isAdmin, user, stacked, setSoldHere } = useVehicleDetail();

  if (vehicle === undefined) {
    return (
      <Center h="60vh">
        <Loader />
      </Center>
    );
  }
  if (vehicle === null || !located) return <ListingNotFound />;

  const v = located;
  const sold = isSold(v);
  const title = titleOf(v);
  const pricePanel = <PricePanel vehicle={v} />;

  return (
    <Container size="xl" py="lg">
      <ListingTop vehicle={v} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Gallery images={v.images} title={title} />
          {stacked ? <Box mt="md">{pricePanel}</Box> : null}
          <ListingHeading vehicle={v} title={title} />
          <VehicleFacts vehicle={v} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            {stacked ? null : pricePanel}
            <SellerInformation vehicle={v} source={source} place={place} />
            <Directions vehicle={v} />
            {sold ? null : <ShareListing vehicle={v} />}
            {user && user.id === v.seller_id && !isAdmin ? (
              <Suspense fallback={null}>
                <OwnerDelete vehicle={v} onSold={setSoldHere} />
              </Suspense>
            ) : null}
            {isAdmin ? (
              <Suspense fallback={null}>
                <AdminDetailDelete vehicle={v} />
              </Suspense>
            ) : null}
            {user?.id === v.seller_id ? null : <ReportListing vehicle={v} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {v.seller_type === 'dealer' ? <MoreFromDealer vehicle={v} /> : null}
    </Container>
  );
}
