import type { Vehicle } from '@/domain/listing/vehicle';
import { FAVOURITE_TEXTS as T } from '@/domain/listing/favourites';
import { toggleFavourite, useIsFavourite } from './favouritesStore';
import css from './HeartButton.module.css';
import { t } from '../i18n/language';

export function HeartIcon({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}

/**
 * The heart that saves a listing on this device (and in the account when signed in). `variant` 'card'
 * floats over a result card's photo, beside the card's link rather than inside it, so a tap never opens
 * the listing; 'page' is the listing page's labelled button.
 */
export function HeartButton({ vehicle, variant }: { vehicle: Vehicle; variant: 'card' | 'page' }) {
  const saved = useIsFavourite(vehicle.id);
  const label = t(saved ? T.saved : T.save);
  return (
    <button
      type="button"
      className={variant === 'card' ? css.card : css.page}
      aria-label={label}
      aria-pressed={saved}
      title={label}
      data-saved={saved}
      onClick={() => void toggleFavourite(vehicle).catch((err: unknown) => console.warn('favourite not saved', err))}
    >
      <HeartIcon filled={saved} />
      {variant === 'page' ? <span>{label}</span> : null}
    </button>
  );
}
