import { Link } from 'react-router-dom';
import { ActionIcon } from '@mantine/core';
import { FAVOURITE_TEXTS, SAVED_PATH } from '@/domain/listing/favourites';
import { HeartIcon } from '../favourites/HeartButton';
import { t } from '../i18n/language';

/** The top bar's way to the Saved screen, signed in or not (favourites work without an account). */
export function SavedLink() {
  return (
    <ActionIcon component={Link} to={SAVED_PATH} variant="subtle" color="red" size="lg" radius="xl" aria-label={t(FAVOURITE_TEXTS.title)} title={t(FAVOURITE_TEXTS.title)}>
      <HeartIcon filled={false} />
    </ActionIcon>
  );
}
