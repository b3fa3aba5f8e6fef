import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useShareListing } from './useShareListing';
import { t } from '@/app/shared/i18n/language';

/** 'Share Listing' on a listing's page: WhatsApp, Facebook, email, or the link copied. */
export function ShareListing({ vehicle }: { vehicle: Vehicle }) {
  const { url, text, copied, shared, copy } = useShareListing(vehicle);
  return (
    <Card>
      <Title order={3} fz="h4" mb="sm">
        {t(/*i18n*/ 'Share Listing')}
      </Title>
      <Group gap="xs">
        <Button component="a" href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`} target="_blank" rel="noopener" variant="light" color="green" onClick={shared}>
          WhatsApp
        </Button>
        <Button component="a" href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`} target="_blank" rel="noopener" variant="light" color="blue" onClick={shared}>
          Facebook
        </Button>
        <Button component="a" href={`mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}`} variant="light" color="gray" onClick={shared}>
          {t(/*i18n*/ 'Email')}
        </Button>
        <Button variant="light" onClick={() => void copy()}>
          {t(/*i18n*/ 'Copy Link')}
        </Button>
      </Group>
      {copied ? (
        <Text c="brand.7" fz="sm" mt="xs" role="status">
          {t(/*i18n*/ 'Link copied to clipboard!')}
        </Text>
      ) : null}
    </Card>
  );
}
