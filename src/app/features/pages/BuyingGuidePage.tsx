import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BUYING_GUIDE_FAQ, BUYING_GUIDE_INTRO, BUYING_GUIDE_STEPS } from './content/buyingGuide';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { Page } from '@/app/shared/shell/Page';
import { CtaCard, FaqAccordion, GuideSteps } from './contentParts';

export default function BuyingGuidePage() {
  const email = useSupportEmail();
  return (
    <Page title="Buying guide" subtitle="How to check, pay for and transfer a vehicle safely in Zimbabwe.">
      <Stack gap={56}>
        <Text fz={{ base: 'md', sm: 'lg' }} lh={1.7}>
          {BUYING_GUIDE_INTRO}
        </Text>

        <GuideSteps id="buying-steps" title="Three steps to a safe purchase" steps={BUYING_GUIDE_STEPS} />

        <Box component="section" aria-labelledby="buying-faq">
          <Title order={2} id="buying-faq" mb="lg">
            Buyers&apos; questions
          </Title>
          <FaqAccordion items={BUYING_GUIDE_FAQ} email={email} order={3} />
        </Box>

        <CtaCard
          id="buying-cta"
          title="Ready to start looking?"
          actions={
            <>
              <Button component={Link} to="/" size="md">
                Start your search
              </Button>
              <Button component={Link} to="/dealers" size="md" variant="outline">
                View dealers
              </Button>
            </>
          }
        >
          Search cars, construction and farming equipment near you, or browse stock from professional dealers.
        </CtaCard>
      </Stack>
    </Page>
  );
}
