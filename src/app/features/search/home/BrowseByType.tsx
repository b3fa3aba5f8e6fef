import { Link } from 'react-router-dom';
import { Card, Container, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { CONSTRUCTION_CATEGORIES, FARMING_CATEGORIES } from '@/domain/core/constants';
import { categoryWords } from '@/domain/search/fieldWords';
import { t } from '@/app/shared/i18n/language';

const CAR_TILES = [
  { key: 'suv', label: /*i18n*/ 'SUVs' },
  { key: 'saloon', label: /*i18n*/ 'Saloons' },
  { key: 'pickup', label: /*i18n*/ 'Pickups' },
  { key: 'hatchback', label: /*i18n*/ 'Hatchbacks' },
  { key: 'estate', label: /*i18n*/ 'Estates' },
  { key: 'coupe', label: /*i18n*/ 'Coupes' },
];

/** A tile of "Browse by type": the category's artwork, opening the browse screen with that filter set. */
function TypeTile({ to, image, label }: { to: string; image: string; label: string }) {
  return (
    <Card component={Link} to={to} padding={0} style={{ textDecoration: 'none', overflow: 'hidden' }}>
      <Image src={image} alt="" h={{ base: 72, xs: 96 }} fit="cover" />
      {/* A long word (Shona's and isiNdebele's names run longer) breaks rather than being cut. */}
      <Text ta="center" fw={650} py={8} px={4} lh={1.25} fz={{ base: 'sm', xs: 'md' }} c="dark" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
    </Card>
  );
}

/** The 'Browse by type' tiles of spec section 2.5: each opens its browse screen with the category filter. */
export function BrowseByType() {
  return (
    <Container size="xl" mt={40}>
      <Title order={2} mb="md">
        {t(/*i18n*/ 'Browse by type')}
      </Title>
      <SimpleGrid cols={{ base: 3, md: 6 }} spacing="sm">
        {CAR_TILES.map((tile) => (
          <TypeTile key={tile.key} to={`/cars?car_category=${tile.key}`} image={`/samples/${tile.key}.svg`} label={t(tile.label)} />
        ))}
        {CONSTRUCTION_CATEGORIES.map((c) => (
          <TypeTile key={c} to={`/construction?construction_category=${c}`} image={`/samples/${c}.svg`} label={categoryWords(c, t)} />
        ))}
        {FARMING_CATEGORIES.map((c) => (
          <TypeTile key={c} to={`/farming?farming_category=${c}`} image={`/samples/${c}.svg`} label={categoryWords(c, t)} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
