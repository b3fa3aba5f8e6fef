import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Container, Paper, Tabs } from '@mantine/core';
import type { VehicleType } from '@/domain/core/constants';
import { DEALER_CARD_FALLBACKS } from '@/domain/listing/display';
import { dealerPageHead } from '@/domain/content/seo';
import { WordsSearchBox } from '@/app/shared/search/WordsSearchBox';
import { DealerFilters } from './DealerFilters';
import { DealerHero } from './DealerHero';
import { DealerResults } from './DealerResults';
import { DEALER_TABS, useDealerInventory } from './useDealerInventory';
import { t } from '@/app/shared/i18n/language';

/** A dealer's stock (spec section 2.8): hero, tabs per vehicle type, filters (cars only), results. */
export default function DealerInventoryPage() {
  const { dealerId = '' } = useParams();
  // Another dealer starts afresh: its own tab, filters and paging.
  return <DealerInventory key={dealerId} dealerId={dealerId} />;
}

/** useDealerInventory decides; this lays the parts out. */
function DealerInventory({ dealerId }: { dealerId: string }) {
  const inventory = useDealerInventory(dealerId);
  const { dealer, tabs } = inventory;
  // Named as the server names the page (src/domain/content/seo.ts), once the dealer's stock is known.
  useEffect(() => {
    if (dealer.known)
      document.title = dealerPageHead({ id: dealerId, name: dealer.name, location: dealer.location === DEALER_CARD_FALLBACKS.location ? null : dealer.location, stock: dealer.inStock }, '', t).title;
  }, [dealerId, dealer.known, dealer.name, dealer.location, dealer.inStock]);
  return (
    <>
      <DealerHero
        name={dealer.name}
        location={dealer.location === DEALER_CARD_FALLBACKS.location ? t(dealer.location) : dealer.location}
        total={dealer.inStock}
        loading={!dealer.known}
        verified={dealer.verified}
      />

      <Container size="xl" mt={{ base: -32, sm: -40 }}>
        <Paper shadow="md" radius="lg" p={{ base: 'sm', xs: 'md', sm: 'xl' }} withBorder>
          <Tabs
            value={tabs.shown}
            onChange={(v) => {
              if (v) tabs.choose(v as VehicleType);
            }}
          >
            <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {DEALER_TABS.map((tab) => (
                <Tabs.Tab
                  key={tab.type}
                  value={tab.type}
                  px={{ base: 6, sm: 'md' }}
                  rightSection={
                    // Held in place while counting, so the tabs keep their height.
                    <Badge
                      size="sm"
                      variant={tabs.shown === tab.type ? 'filled' : 'light'}
                      color={tabs.count(tab.type) ? 'brand' : 'gray'}
                      circle={tabs.count(tab.type) < 10}
                      style={dealer.known ? undefined : { visibility: 'hidden' }}
                    >
                      {tabs.count(tab.type)}
                    </Badge>
                  }
                >
                  {t(tab.label)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          <WordsSearchBox value={inventory.words.value} onSearch={inventory.words.search} whileTyping placeholder={t(/*i18n*/ "Search this dealer's stock…")} mb="md" />
          <DealerFilters dealerId={dealerId} inventory={inventory} />
        </Paper>
      </Container>

      <Container size="xl" py={{ base: 24, sm: 40 }}>
        <DealerResults inventory={inventory} />
      </Container>
    </>
  );
}
