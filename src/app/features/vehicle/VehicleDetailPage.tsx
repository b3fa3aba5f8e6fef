import { lazy, Suspense, useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMediaQuery } from '@mantine/hooks';
import { ActionIcon, Alert, Anchor, Badge, Box, Breadcrumbs, Button, Card, Center, Container, Grid, Group, Image, Loader, List, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { isSold, withDistance } from '@/domain/listing/vehicle';
import { priceDropText } from '@/domain/listing/leads';
import { recordShare } from './shareEvents';
import { thumbnailOf } from '@/domain/listing/photos';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { REPORT_TEXTS } from '@/domain/listing/reports';
import { DEALER_OTHER_VEHICLES_MAX, PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import {
  categoryText,
  conditionText,
  distanceText,
  driveTimeText,
  fuelText,
  mileageText,
  positionSourceText,
  priceText,
  sellerBadge,
  titleOf,
  transmissionText,
  vehiclesInStockText,
} from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import { useListing } from './useListing';
import { listingTitle, missingListingHead } from '@/domain/content/seo';
import { locationStore } from '@/app/shared/location/locationStore';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { onListingsChange } from '@/app/shared/sync/syncStore';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { PriceVerdictBadge } from '@/app/shared/vehicleCard/PriceVerdictBadge';
import { HeartButton } from '@/app/shared/favourites/HeartButton';
import { ContactSeller, SellerContactLines } from './ContactSeller';
import { SUMMARY_ONLY_NOTE } from '@/domain/search/summary';
import { useSession } from '@/app/shared/session/session';
import { AdminDetailDelete } from '@/app/shared/slots';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { TrustBadges } from '@/app/shared/vehicleCard/TrustBadges';
import ReportListing from './ReportListing';

const OwnerDelete = lazy(() => import('./OwnerDelete'));

/**
 * A photo that fails to load shows the placeholder instead (spec 2.7), swapped on the element itself
 * as the result cards do. Not Mantine's `fallbackSrc`: its error flag is set back by an effect of its
 * own, so a photo whose error came before that effect ran (the page opened directly or reloaded)
 * stayed a broken image with its alt text.
 */
function showPlaceholder(e: SyntheticEvent<HTMLImageElement>): void {
  const img = e.currentTarget;
  if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
}

function Gallery({ images, title }: { images: string[]; title: string }) {
  const list = images.length ? images : [PLACEHOLDER_IMAGE];
  const [i, setI] = useState(0);
  const go = (d: number) => setI((x) => (x + d + list.length) % list.length);
  return (
    <Stack gap="xs">
      <Box pos="relative" style={{ borderRadius: 16, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
        {/* The photo is the page's largest paint: fetched ahead of everything else the page asks for. */}
        <Image
          src={list[i]}
          alt={`${title}, photo ${i + 1} of ${list.length}`}
          onError={showPlaceholder}
          style={{ aspectRatio: '4 / 3', width: '100%', height: 'auto' }}
          fit="cover"
          fetchPriority="high"
        />
        {list.length > 1 ? (
          <>
            <ActionIcon aria-label="Previous photo" variant="white" radius="xl" size="lg" pos="absolute" left={10} top="45%" onClick={() => go(-1)}>
              ‹
            </ActionIcon>
            <ActionIcon aria-label="Next photo" variant="white" radius="xl" size="lg" pos="absolute" right={10} top="45%" onClick={() => go(1)}>
              ›
            </ActionIcon>
            <Group gap={6} pos="absolute" bottom={10} left={0} right={0} justify="center">
              {list.map((_, k) => (
                <UnstyledButton key={k} aria-label={`Photo ${k + 1}`} onClick={() => setI(k)} w={10} h={10} style={{ borderRadius: 5, background: k === i ? 'white' : 'rgba(255,255,255,.5)' }} />
              ))}
            </Group>
          </>
        ) : null}
      </Box>
      {list.length > 1 ? (
        <Group gap={8}>
          {list.map((src, k) => (
            <UnstyledButton
              key={src + k}
              onClick={() => setI(k)}
              aria-label={`Show photo ${k + 1}`}
              style={{ outline: k === i ? '2px solid var(--mantine-color-brand-6)' : 'none', borderRadius: 8, overflow: 'hidden' }}
            >
              <Image src={thumbnailOf(src)} alt="" w={72} h={54} fit="cover" onError={showPlaceholder} />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Box>
  );
}

function Share({ vehicle }: { vehicle: Vehicle }) {
  const [copied, setCopied] = useState(false);
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const text = `${titleOf(vehicle)} for ${priceText(vehicle.price)} on Motokari`;
  const shared = () => recordShare(vehicle.id);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      shared();
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch (err) {
      console.warn('copy failed', err);
    }
  };
  return (
    <Card>
      <Title order={3} fz="h4" mb="sm">
        Share Listing
      </Title>
      <Group gap="xs">
        <Button component="a" href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`} target="_blank" rel="noopener" variant="light" color="green" onClick={shared}>
          WhatsApp
        </Button>
        <Button component="a" href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`} target="_blank" rel="noopener" variant="light" color="blue" onClick={shared}>
          Facebook
        </Button>
        <Button component="a" href={`mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}`} variant="light" color="gray" onClick={shared}>
          Email
        </Button>
        <Button variant="light" onClick={() => void copy()}>
          Copy Link
        </Button>
      </Group>
      {copied ? (
        <Text c="brand.7" fz="sm" mt="xs" role="status">
          Link copied to clipboard!
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * More from {dealer}: the dealer's other listings on the device, searched again after each sync that
 * changed them. Its own component with its own state, so filling it in re-renders only this section.
 */
function MoreFromDealer({ vehicle: v }: { vehicle: Vehicle }) {
  const position = useTransitionSnapshot(locationStore, (s) => ({ position: s.position })).position;
  const [others, setOthers] = useState<{ items: Vehicle[]; total: number }>({ items: [], total: 0 });
  useEffect(() => {
    let live = true;
    let shown = '';
    const search = () =>
      void listingsWorker.search({ seller_id: v.seller_id, limit: DEALER_OTHER_VEHICLES_MAX + 1 }).then((r) => {
        const next = { items: r.items.filter((o) => o.id !== v.id).slice(0, DEALER_OTHER_VEHICLES_MAX), total: r.total };
        const text = JSON.stringify(next);
        if (!live || text === shown) return;
        shown = text;
        setOthers(next);
      });
    search();
    const unsubscribe = onListingsChange(search);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [v.id, v.seller_id]);

  return (
    <Box mt={48}>
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2}>More from {v.seller_name}</Title>
          <Text c="dimmed">
            <Badge mr={6}>DEALER</Badge>
            {v.seller_location ?? v.location} · {vehiclesInStockText(others.total)}
          </Text>
          <SellerContactLines vehicle={v} />
        </Stack>
        <Button component={Link} to={`/dealer/${v.seller_id}/inventory`} variant="light">
          View inventory
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {others.items.map((o) => (
          <VehicleCard key={o.id} vehicle={withDistance(o, position)} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

export default function VehicleDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { position, source, place } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position, source: s.source, place: s.place }));
  const vehicle = useListing(id);
  const { isAdmin, user } = useSession();
  // Below md the two columns stack: the price panel (price and contact buttons) then follows the
  // gallery, instead of coming after the whole of the vehicle's details (about 1,400 px down a phone).
  const stacked = useMediaQuery('(max-width: 61.99em)', undefined, { getInitialValueInEffect: false });

  // Marked sold on this page: shown at once, before any fresh copy of the listing comes.
  const [soldHere, setSoldHere] = useState<Vehicle | null>(null);
  const located = useMemo(() => {
    const shown = soldHere && vehicle && soldHere.id === vehicle.id ? { ...vehicle, sold_at: soldHere.sold_at } : vehicle;
    return shown ? withDistance(shown, position) : null;
  }, [vehicle, soldHere, position]);
  // Named as the server names the page (src/domain/content/seo.ts).
  useEffect(() => {
    if (vehicle !== undefined) document.title = vehicle ? listingTitle(vehicle) : missingListingHead().title;
  }, [vehicle]);

  if (vehicle === undefined) {
    return (
      <Center h="60vh">
        <Loader />
      </Center>
    );
  }
  if (vehicle === null || !located) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center">
          <Title order={1}>{LISTING_MESSAGES.notFound}</Title>
          <Text c="dimmed">{LISTING_MESSAGES.notFoundText}</Text>
          <Button component={Link} to="/cars">
            Browse Other Cars
          </Button>
        </Stack>
      </Container>
    );
  }

  const v = located;
  const sold = isSold(v);
  const title = titleOf(v);
  const hasCoords = v.seller_latitude !== null && v.seller_longitude !== null;
  const destination = hasCoords ? `${v.seller_latitude},${v.seller_longitude}` : '';
  const pricePanel = (
    <Card>
      {v.featured ? (
        <Badge color="gold" c="dark" mb="xs">
          Featured Listing
        </Badge>
      ) : null}
      <Text fz={36} fw={850} c="brand.8">
        {priceText(v.price)}
      </Text>
      {v.price_verdict ? (
        <Stack gap={4} mt={4} data-testid="price-verdict">
          <PriceVerdictBadge verdict={v.price_verdict} size="md" />
          <Text size="sm" c="dimmed">
            {v.price_verdict.why}
          </Text>
        </Stack>
      ) : null}
      {v.price_drop ? (
        <Text c="green.9" fw={650} data-testid="price-drop">
          {priceDropText(v.price_drop)}
        </Text>
      ) : null}
      <Box mt="xs">
        <HeartButton vehicle={v} variant="page" />
      </Box>
      {sold ? null : (
        <Box mt="md">
          <ContactSeller vehicle={v} />
        </Box>
      )}
    </Card>
  );

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Breadcrumbs>
          <Anchor component={Link} to="/">
            Home
          </Anchor>
          <Anchor component={Link} to="/cars">
            Browse Cars
          </Anchor>
          <Text>{[v.make, v.model, v.variant].filter(Boolean).join(' ')}</Text>
        </Breadcrumbs>
        <Button variant="default" onClick={() => navigate(-1)}>
          Back
        </Button>
      </Group>
      {sold ? (
        <Alert color="dark" variant="filled" radius="lg" mb="md" title={LISTING_MESSAGES.soldTitle} data-testid="sold-banner">
          {LISTING_MESSAGES.soldText(new Date(v.sold_at!).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Harare' }))}
        </Alert>
      ) : null}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Gallery images={v.images} title={title} />
          {stacked ? <Box mt="md">{pricePanel}</Box> : null}
          <Group mt="md" gap="xs">
            <Badge color={v.seller_type === 'dealer' ? 'brand' : 'gray'} size="lg">
              {sellerBadge(v.seller_type)}
            </Badge>
            <Badge variant="light" size="lg">
              {conditionText(v.condition)}
            </Badge>
          </Group>
          <Box mt="xs">
            <TrustBadges vehicle={v} size="lg" />
          </Box>
          <Title order={1} mt="sm" fz={{ base: 26, sm: 34 }}>
            {title}
          </Title>
          {v.hidden_for_review ? (
            <Alert color="red" variant="light" mt="sm" title={REPORT_TEXTS.hiddenPendingReview}>
              {REPORT_TEXTS.hiddenText}
            </Alert>
          ) : null}
          <Card mt="lg">
            <Title order={2} fz="h3" mb="md">
              Vehicle Details
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
              <Detail label="Make" value={v.make} />
              <Detail label="Model" value={v.model} />
              <Detail label="Variant" value={v.variant ?? 'Standard'} />
              <Detail label="Year" value={v.year} />
              <Detail label={v.mileage === null && v.operating_hours !== null ? 'Operating Hours' : 'Mileage'} value={mileageText(v)} />
              <Detail label="Fuel type" value={fuelText(v.fuel_type)} />
              <Detail label="Transmission" value={transmissionText(v.transmission)} />
              <Detail label="Condition" value={conditionText(v.condition)} />
              <Detail label="Category" value={categoryText(v.category) || '—'} />
              <Detail label="Colour" value={v.color ?? '—'} />
              {/* A listing kept on the device before horsepower existed has none (undefined), as one without it. */}
              {v.engine_power_hp != null ? <Detail label="Engine power" value={`${wholeNumberText(v.engine_power_hp)} HP`} /> : null}
              {v.vehicle_type === 'car' ? <Detail label="Seats" value={5} /> : null}
              {v.vehicle_type === 'car' ? <Detail label="Doors" value={4} /> : null}
            </SimpleGrid>
            {v.summary_only ? (
              <Text mt="lg" c="dimmed" role="note">
                {SUMMARY_ONLY_NOTE}
              </Text>
            ) : null}
            {v.description ? (
              <>
                <Title order={3} fz="h4" mt="lg" mb="xs">
                  Description
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{v.description}</Text>
              </>
            ) : null}
            {v.features.length ? (
              <>
                <Title order={3} fz="h4" mt="lg" mb="xs">
                  Features
                </Title>
                <List spacing={4} size="sm" listStyleType="disc" style={{ columns: 2 }}>
                  {v.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            {stacked ? null : pricePanel}
            <Card>
              <Title order={3} fz="h4" mb="xs">
                Seller Information
              </Title>
              <Text fw={650}>{v.seller_name ?? 'Seller'}</Text>
              <SellerContactLines vehicle={v} />
              <Text c="dimmed">{v.location ?? v.seller_location ?? 'Location not specified'}</Text>
              {v.distance_km !== null && v.distance_km !== undefined ? (
                <Text mt={4}>
                  {v.distance_km} km from your location{positionSourceText(source, place)}
                </Text>
              ) : (
                <Text mt={4} c="dimmed">
                  {distanceText(null)}
                </Text>
              )}
            </Card>
            {hasCoords ? (
              <Card bg="brand.0">
                <Title order={3} fz="h4" mb="xs">
                  Get Your Dream Car
                </Title>
                <Text>
                  {distanceText(v.distance_km)}. {driveTimeText(v.drive_time_minutes)}.
                </Text>
                <Group mt="sm" gap="xs">
                  <Button component="a" href={`https://www.google.com/maps/dir/?api=1&destination=${destination}`} target="_blank" rel="noopener" variant="white">
                    Open in Google Maps
                  </Button>
                  <Button component="a" href={`https://waze.com/ul?ll=${destination}&navigate=yes`} target="_blank" rel="noopener" variant="white">
                    Navigate with Waze
                  </Button>
                </Group>
              </Card>
            ) : (
              <Alert color="gray">Location information not available</Alert>
            )}
            {sold ? null : <Share vehicle={v} />}
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
