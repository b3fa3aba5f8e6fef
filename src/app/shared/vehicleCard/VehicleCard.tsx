import { Suspense } from 'react';
import { Badge, Card } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Vehicle } from '@/domain/listing/vehicle';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { CARD_FALLBACKS, conditionText, distanceBandLabel, distanceText, driveTimeText, fuelText, mileageText, priceText, sellerBadge, titleOf, transmissionText } from '@/domain/listing/display';
import { useSession } from '../session/session';
import { AdminCardControls } from '../slots';
import { cardThumbUrl } from '@/domain/content/dataSaver';
import { cardPhotoUrl } from '@/domain/listing/photos';
import { isBoosted } from '@/domain/payments/boostOrder';
import { useSaveData } from '../sync/dataSaver';
import { HeartButton } from '../favourites/HeartButton';
import css from './VehicleCard.module.css';
import { PriceVerdictBadge } from './PriceVerdictBadge';
import { TrustBadges } from './TrustBadges';
import { BoostedBadge } from './BoostedBadge';
import { ZigPrice } from '@/app/shared/currency/ZigPrice';
import { t } from '@/app/shared/i18n/language';

// The admin-only delete control (spec 2.6) loads only for admins: buyers' first screen does not carry it.

/**
 * A listing in a results grid; the whole card opens /car/{id}. `priority` marks the grid's first card
 * where it opens the page: its photo is the screen's largest paint, so it loads at once and first.
 */
export function VehicleCard({
  vehicle: v,
  fallbacks = CARD_FALLBACKS,
  priority = false,
}: {
  vehicle: Vehicle;
  fallbacks?: { price: string; location: string; fuel: string; transmission: string };
  priority?: boolean;
}) {
  const band = distanceBandLabel(v.distance_km, t);
  const { isAdmin } = useSession();
  // Save-Data: the API's smaller thumbnail.
  const saveData = useSaveData();
  const card = (
    <Card component={Link} to={`/car/${v.id}`} padding={0} shadow="xs" style={{ textDecoration: 'none', color: 'inherit', overflow: 'hidden' }}>
      <Card.Section style={{ position: 'relative' }}>
        <img
          className={css.photo}
          src={cardThumbUrl(cardPhotoUrl(v.images[0]), saveData)}
          alt={titleOf(v)}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          onError={(e) => {
            const img = e.currentTarget;
            if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
          }}
        />
        <div className={css.badges}>
          <Badge color={v.seller_type === 'dealer' ? 'brand' : 'gray'} variant="filled" size="sm">
            {t(sellerBadge(v.seller_type))}
          </Badge>
          {v.featured ? (
            <Badge color="gold" c="dark" variant="filled" size="sm">
              {t(/*i18n*/ 'Featured')}
            </Badge>
          ) : null}
          {/* Said so while a boost holds the listing at the top (spec 2.10), so buyers are not misled about its age. */}
          {isBoosted(v) ? <BoostedBadge size="sm" /> : null}
        </div>
      </Card.Section>
      <div className={css.body}>
        {/* The verdict beside the price it judges (under it when the card is too narrow for both). */}
        <div className={css.priceRow}>
          <p className={css.price}>{priceText(v.price, fallbacks.price, t)}</p>
          {v.price_verdict ? (
            <span className={css.verdict}>
              <PriceVerdictBadge verdict={v.price_verdict} listing={v} />
            </span>
          ) : null}
        </div>
        <ZigPrice usd={v.price} />
        <p className={`${css.title} ${css.oneLine}`} title={titleOf(v)}>
          {titleOf(v)}
        </p>
        <p className={`${css.small} ${css.dimmed}`}>
          {[mileageText(v, t), fuelText(v.fuel_type, fallbacks.fuel, t), transmissionText(v.transmission, fallbacks.transmission, t), conditionText(v.condition, t)].join(' · ')}
        </p>
        <p className={`${css.small} ${css.oneLine}`}>{v.location ?? v.seller_location ?? t(fallbacks.location)}</p>
        <TrustBadges vehicle={v} />
        {v.distance_km !== undefined ? (
          <div className={css.distance}>
            {band ? (
              <Badge variant="light" color="brand" size="sm" style={{ flexShrink: 0 }}>
                {band}
              </Badge>
            ) : null}
            <p className={`${css.tiny} ${css.dimmed} ${css.oneLine}`}>
              {distanceText(v.distance_km, t)} · {driveTimeText(v.drive_time_minutes, t)}
            </p>
          </div>
        ) : null}
        {v.seller_name ? <p className={`${css.tiny} ${css.dimmed} ${css.oneLine}`}>{v.seller_name}</p> : null}
      </div>
    </Card>
  );
  // The heart beside the card's link, not inside it: pressing it never opens the listing.
  const saveable = (
    <div className={css.saveable}>
      {card}
      <HeartButton vehicle={v} variant="card" />
    </div>
  );
  if (!isAdmin) return saveable;
  return (
    <Suspense fallback={saveable}>
      <AdminCardControls vehicle={v}>{saveable}</AdminCardControls>
    </Suspense>
  );
}
