import { useState } from 'react';
import { Box, Button, Card, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FAQ_CATEGORIES, FAQ_ITEMS } from './content/faq';
import type { FaqItem } from './content/types';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { Page } from '@/app/shared/shell/Page';
import type { Translate } from '@/domain/i18n/text';
import { CtaCard, EmailSupportButton, FaqAccordion, SupportReply } from './contentParts';
import { withPageText } from './withPageText';

type CategoryId = (typeof FAQ_CATEGORIES)[number]['id'];

const RELATED_LINKS = [
  { to: '/buying-guide', title: /*i18n*/ 'Buying guide', text: /*i18n*/ 'Checks, paperwork and ownership transfer, step by step.' },
  { to: '/selling-guide', title: /*i18n*/ 'Selling guide', text: /*i18n*/ 'Prepare, list and hand over your vehicle safely.' },
  { to: '/terms-and-conditions', title: /*i18n*/ 'Terms and conditions', text: /*i18n*/ 'The rules for buying and selling on Motokari.' },
  { to: '/privacy-policy', title: /*i18n*/ 'Privacy policy', text: /*i18n*/ 'How we collect, use and protect your information.' },
] as const;

const isCategory = (v: string | null): v is CategoryId => FAQ_CATEGORIES.some((c) => c.id === v);

function itemsFor(category: CategoryId): FaqItem[] {
  return category === 'all' ? FAQ_ITEMS : FAQ_ITEMS.filter((q) => q.category === category);
}

/** A long answer scrolls inside its panel. */
const FAQ_ACCORDION_STYLES = { content: { maxHeight: '24rem', overflowY: 'auto' } } as const;

function FaqPage({ tr }: { tr: Translate }) {
  const email = useSupportEmail();
  const [category, setCategory] = useState<CategoryId>('all');

  return (
    <Page title={tr(/*i18n*/ 'Frequently asked questions')} subtitle={tr(/*i18n*/ 'Answers for buyers and sellers, and about how Motokari works.')}>
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
          <Tabs.List aria-label={tr(/*i18n*/ 'Question categories')} mb="lg" style={{ gap: 'var(--mantine-spacing-xs)' }}>
            {FAQ_CATEGORIES.map((c) => (
              <Tabs.Tab key={c.id} value={c.id} fw={600}>
                {tr(c.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FAQ_CATEGORIES.map((c) => (
            <Tabs.Panel key={c.id} value={c.id}>
              <FaqAccordion items={itemsFor(c.id)} email={email} order={2} styles={FAQ_ACCORDION_STYLES} tr={tr} />
            </Tabs.Panel>
          ))}
        </Tabs>

        <Box component="section" aria-labelledby="faq-related">
          <Title order={2} id="faq-related" mb="lg">
            {tr(/*i18n*/ 'Guides and policies')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {RELATED_LINKS.map((l) => (
              <Card key={l.to} component={Link} to={l.to} padding="lg" shadow="xs">
                <Text fw={700} c="brand.8" fz="lg">
                  {tr(l.title)}
                </Text>
                <Text c="gray.7" mt={4}>
                  {tr(l.text)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>

        <CtaCard
          id="faq-still"
          title={tr(/*i18n*/ 'Still Have Questions?')}
          actions={
            <>
              <EmailSupportButton email={email} tr={tr} />
              <Button component={Link} to="/buying-guide" size="md" variant="outline">
                {tr(/*i18n*/ 'Read the buying guide')}
              </Button>
            </>
          }
        >
          <SupportReply email={email} fallback={tr(/*i18n*/ 'Our support address will appear here once Motokari has connected.')} tr={tr} />
        </CtaCard>
      </Stack>
    </Page>
  );
}

export default withPageText(FaqPage);
