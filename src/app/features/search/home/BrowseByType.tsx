import { Link } from 'react-router-dom';
import { Card, Container, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { CONSTRUCTION_CATEGORIES, FARMING_CATEGORIES } from '@/domain/core/constants';
import { capitalise } from '@/domain/listing/display';

const CAR_TILES = [
  { key: 'suv', label: 'SUVs' },
  { key: 'saloon', label: 'Saloons' },
  { key: 'pickup', label: 'Pickups' },
  { key: 'hatchback', label: 'Hatchbacks' },
  { key: 'estate', label: 'Estates' },
  { key: 'coupe', label: 'Coupes' },
];

/** A tile of "Browse by type": the category's artwork, opening the browse screen with that filter set. */
function TypeTile({ to, image, label }: { to: string; image: string; label: string }) {
  return (
    <Card component={Link} to={to} padding={0} style={{ textDecoration: 'none', overflow: 'hidden' }}>
      <Image src={image} alt="" h={{ base: 72, xs: 96 }} fit="cover" />
      <Text ta="center" fw={650} py={8} fz={{ base: 'sm', xs: 'md' }} c="dark">
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
        Browse by type
      </Title>
      <SimpleGrid cols={{ base: 3, md: 6 }} spacing="sm">
        {CAR_TILES.map((t) => (
          <TypeTile key={t.key} to={`/cars?car_category=${t.key}`} image={`/samples/${t.key}.svg`} label={t.label} />
        ))}
        {CONSTRUCTION_CATEGORIES.map((c) => (
          <TypeTile key={c} to={`/construction?construction_category=${c}`} image={`/samples/${c}.svg`} label={capitalise(c)} />
        ))}
        {FARMING_CATEGORIES.map((c) => (
          <TypeTile key={c} to={`/farming?farming_category=${c}`} image={`/samples/${c}.svg`} label={capitalise(c)} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
