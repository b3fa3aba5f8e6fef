import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { COMPARE_MAX, COMPARE_PATH, FAVOURITE_TEXTS as T, priceDrop, priceDroppedText } from '@/domain/listing/favourites';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { priceText, titleOf } from '@/domain/listing/display';
import { cardPhotoUrl } from '@/domain/listing/photos';
import type { SavedListing } from '@/domain/listing/savedListing';
import { HeartButton } from '@/app/shared/favourites/HeartButton';
import { unsaveFavourite } from '@/app/shared/favourites/favouritesStore';
import { Page } from '@/app/shared/shell/Page';
import { useSavedListings } from './useSavedListings';
import { ZigPrice } from '@/app/shared/currency/ZigPrice';
import { t } from '@/app/shared/i18n/language';

/** One saved listing: its price now, what changed since it was saved, a box to compare it and its heart. */
function SavedRow({ saved, chosen, onChoose }: { saved: SavedListing; chosen: boolean; onChoose(on: boolean): void }) {
  const { favourite: f, vehicle: v, gone } = saved;
  const title = v ? titleOf(v) : (f.title ?? t(T.unnamed));
  const drop = v && !gone ? priceDrop(f.saved_price, v.price) : 0;
  return (
    <Card withBorder padding="sm" data-testid="saved-listing" data-id={f.vehicle_id}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Image src={cardPhotoUrl(v?.images[0])} fallbackSrc={PLACEHOLDER_IMAGE} alt="" w={112} h={80} radius="sm" style={{ flexShrink: 0, opacity: gone ? 0.5 : 1 }} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/car/${f.vehicle_id}`} fw={650} c="dark" truncate="end">
            {title}
          </Anchor>
          <Text fw={800} c={gone ? 'dimmed' : 'brand.8'} td={gone ? 'line-through' : undefined}>
            {priceText(v?.price ?? f.saved_price, undefined, t)}
          </Text>
          {gone ? null : <ZigPrice usd={v?.price ?? f.saved_price} />}
          <Group gap={6}>
            {gone ? (
              <Badge color="gray" variant="filled">
                {t(f.sold ? T.sold : T.gone)}
              </Badge>
            ) : null}
            {drop > 0 ? (
              <Badge color="green" variant="light">
                {priceDroppedText(drop, t)}
              </Badge>
            ) : null}
          </Group>
          <Checkbox mt={4} label={t(T.compare)} aria-label={t(/*i18n*/ 'Compare {title}', { title })} checked={chosen} disabled={!v} onChange={(e) => onChoose(e.currentTarget.checked)} />
        </Stack>
        {v ? (
          <HeartButton vehicle={v} variant="page" />
        ) : (
          <Button variant="default" onClick={() => void unsaveFavourite(f.vehicle_id)}>
            {t(T.remove)}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The Saved screen (/saved): the listings saved on this device and in the account, offline too. */
export default function SavedPage() {
  const saved = useSavedListings();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string[]>([]);
  const [refused, setRefused] = useState(false);
  const choose = (id: string, on: boolean) => {
    if (on && chosen.length >= COMPARE_MAX) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  };
  const present = chosen.filter((id) => saved?.some((s) => s.favourite.vehicle_id === id));
  return (
    <Page title={t(T.title)} size="md">
      {saved === undefined ? (
        <Stack>
          <Skeleton h={100} />
          <Skeleton h={100} />
        </Stack>
      ) : saved.length === 0 ? (
        <Text>{t(T.empty)}</Text>
      ) : (
        <Stack>
          <Group justify="space-between">
            <Text c="dimmed" fz="sm">
              {t(T.compareHint, { max: COMPARE_MAX })}
            </Text>
            <Button disabled={present.length < 2} onClick={() => navigate(`${COMPARE_PATH}?ids=${present.join(',')}`)}>
              {t(/*i18n*/ 'Compare ({count})', { count: present.length })}
            </Button>
          </Group>
          {refused ? (
            <Alert color="gold" role="alert">
              {t(T.compareLimit, { max: COMPARE_MAX })}
            </Alert>
          ) : null}
          {saved.map((s) => (
            <SavedRow key={s.favourite.vehicle_id} saved={s} chosen={chosen.includes(s.favourite.vehicle_id)} onChoose={(on) => choose(s.favourite.vehicle_id, on)} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
