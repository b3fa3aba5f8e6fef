import { useState } from 'react';
import { Box, Button, Card, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FAQ_CATEGORIES, FAQ_ITEMS } from './content/faq';
import type { FaqItem } from './content/types';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { Page } from '@/app/shared/shell/Page';
import { CtaCard, EmailSupportButton, FaqAccordion, SupportReply } from './contentParts';

type CategoryId = (typeof FAQ_CATEGORIES)[number]['id'];

const RELATED_LINKS = [
  { to: '/buying-guide', title: 'Buying guide', text: 'Checks, paperwork and ownership transfer, step by step.' },
  { to: '/selling-guide', title: 'Selling guide', text: 'Prepare, list and hand over your vehicle safely.' },
  { to: '/terms-and-conditions', title: 'Terms and conditions', text: 'The rules for buying and selling on Motokari.' },
  { to: '/privacy-policy', title: 'Privacy policy', text: 'How we collect, use and protect your information.' },
] as const;

const isCategory = (v: string | null): v is CategoryId => FAQ_CATEGORIES.some((c) => c.id === v);

function itemsFor(category: CategoryId): FaqItem[] {
  return category === 'all' ? FAQ_ITEMS : FAQ_ITEMS.filter((q) => q.category === category);
}

/** A long answer scrolls inside its panel. */
const FAQ_ACCORDION_STYLES = { content: { maxHeight: '24rem', overflowY: 'auto' } } as const;

export default function FaqPage() {
  const email = useSupportEmail();
  const [category, setCategory] = useState<CategoryId>('all');

  return (
    <Page title="Frequently asked questions" subtitle="Answers for buyers and sellers, and about how Motokari works.">
      <Stack gap={56}>
        <Tabs
          value={category}
          onChange={(v) => {
            if (isCategory(v)) setCategory(v);
          }}
          variant="pills"
          radius="xl"
          keepMounted={false}
        >
          <Tabs.List aria-label="Question categories" mb="lg" style={{ gap: 'var(--mantine-spacing-xs)' }}>
            {FAQ_CATEGORIES.map((c) => (
              <Tabs.Tab key={c.id} value={c.id} fw={600}>
                {c.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FAQ_CATEGORIES.map((c) => (
            <Tabs.Panel key={c.id} value={c.id}>
              <FaqAccordion items={itemsFor(c.id)} email={email} order={2} styles={FAQ_ACCORDION_STYLES} />
            </Tabs.Panel>
          ))}
        </Tabs>

        <Box component="section" aria-labelledby="faq-related">
          <Title order={2} id="faq-related" mb="lg">
            Guides and policies
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {RELATED_LINKS.map((l) => (
              <Card key={l.to} component={Link} to={l.to} padding="lg" shadow="xs">
                <Text fw={700} c="brand.8" fz="lg">
                  {l.title}
                </Text>
                <Text c="gray.7" mt={4}>
                  {l.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>

        <CtaCard
          id="faq-still"
          title="Still Have Questions?"
          actions={
            <>
              <EmailSupportButton email={email} />
              <Button component={Link} to="/buying-guide" size="md" variant="outline">
                Read the buying guide
              </Button>
            </>
          }
        >
          <SupportReply email={email} fallback="Our support address will appear here once Motokari has connected." />
        </CtaCard>
      </Stack>
    </Page>
  );
}
