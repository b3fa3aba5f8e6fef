import { Box, Button, Card, CheckIcon, Group, Image, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ABOUT_HERO, ABOUT_MISSION, ABOUT_REASONS, ABOUT_STATS } from './content/about';
import { Page } from '@/app/shared/shell/Page';
import type { Translate } from '@/domain/i18n/text';
import { CtaCard, ICON_LIST_STYLES } from './contentParts';
import { withPageText } from './withPageText';

const HERO_IMAGES = [
  { src: '/samples/suv.svg', alt: /*i18n*/ 'An SUV' },
  { src: '/samples/tractor.svg', alt: /*i18n*/ 'A farm tractor' },
  { src: '/samples/excavator.svg', alt: /*i18n*/ 'An excavator' },
] as const;

const check = (
  <ThemeIcon size={22} radius="xl" color="brand" aria-hidden>
    <CheckIcon size={11} />
  </ThemeIcon>
);

function AboutPage({ tr }: { tr: Translate }) {
  const [main, ...others] = HERO_IMAGES;
  return (
    <Page title={tr(ABOUT_HERO.title)} subtitle={tr(ABOUT_HERO.subtitle)} size="lg">
      <Stack gap={64}>
        <SimpleGrid component="section" aria-labelledby="about-mission" cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 56 }}>
          <Stack gap="md">
            <Title order={2} id="about-mission">
              {tr(ABOUT_MISSION.title)}
            </Title>
            {ABOUT_MISSION.paragraphs.map((p) => (
              <Text key={p} fz="md" lh={1.7}>
                {tr(p)}
              </Text>
            ))}
            {ABOUT_MISSION.bullets ? (
              <List spacing="sm" icon={check} mt="xs" styles={ICON_LIST_STYLES}>
                {ABOUT_MISSION.bullets.map((b) => (
                  <List.Item key={b}>
                    <Text fw={500}>{tr(b)}</Text>
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
          <Stack gap="md" justify="center">
            <Image src={main.src} alt={tr(main.alt)} radius="lg" w="100%" h="auto" style={{ aspectRatio: '4 / 3' }} />
            <SimpleGrid cols={2} spacing="md">
              {others.map((img) => (
                <Image key={img.src} src={img.src} alt={tr(img.alt)} radius="lg" w="100%" h="auto" loading="lazy" style={{ aspectRatio: '4 / 3' }} />
              ))}
            </SimpleGrid>
          </Stack>
        </SimpleGrid>

        <Box component="section" aria-labelledby="about-reasons">
          <Title order={2} id="about-reasons" mb="lg">
            {tr(/*i18n*/ 'Why choose Motokari')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {ABOUT_REASONS.map((r, i) => (
              <Card key={r.title} padding="lg" shadow="xs">
                <Group gap="sm" wrap="nowrap" align="center" mb="sm">
                  <ThemeIcon size={40} radius="xl" color={i % 2 === 0 ? 'brand' : 'gold.4'} c={i % 2 === 0 ? 'white' : 'dark.9'} aria-hidden>
                    <CheckIcon size={16} />
                  </ThemeIcon>
                  <Title order={3} fz="lg">
                    {tr(r.title)}
                  </Title>
                </Group>
                <Text c="gray.7" lh={1.6}>
                  {tr(r.text)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>

        <Box component="section" aria-labelledby="about-stats">
          <Title order={2} id="about-stats" mb="lg">
            {tr(/*i18n*/ 'Motokari in numbers')}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
            {ABOUT_STATS.map((s) => (
              <Card key={s.label} padding="lg" bg="brand.0" withBorder={false} ta="center">
                <Text fz={{ base: 28, sm: 36 }} fw={800} c="brand.8" lh={1.1}>
                  {s.value}
                </Text>
                <Text mt={4} fw={500} c="dark.7">
                  {tr(s.label)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>

        <CtaCard
          id="about-cta"
          title={tr(/*i18n*/ 'Ready to find your next vehicle?')}
          bg="gold.0"
          actions={
            <>
              <Button component={Link} to="/cars" size="md">
                {tr(/*i18n*/ 'Browse Cars')}
              </Button>
              <Button component={Link} to="/dealers" size="md" variant="outline">
                {tr(/*i18n*/ 'View All Dealers')}
              </Button>
            </>
          }
        >
          {tr(/*i18n*/ 'Browse listings from private sellers and dealers across Zimbabwe, or see who is selling near you.')}
        </CtaCard>
      </Stack>
    </Page>
  );
}

export default withPageText(AboutPage);
