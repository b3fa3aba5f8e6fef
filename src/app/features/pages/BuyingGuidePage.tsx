import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BUYING_GUIDE_FAQ, BUYING_GUIDE_INTRO, BUYING_GUIDE_STEPS } from './content/buyingGuide';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { Page } from '@/app/shared/shell/Page';
import type { Translate } from '@/domain/i18n/text';
import { CtaCard, FaqAccordion, GuideSteps } from './contentParts';
import { withPageText } from './withPageText';

function BuyingGuidePage({ tr }: { tr: Translate }) {
  const email = useSupportEmail();
  return (
    <Page title={tr(/*i18n*/ 'Buying guide')} subtitle={tr(/*i18n*/ 'How to check, pay for and transfer a vehicle safely in Zimbabwe.')}>
      <Stack gap={56}>
        <Text fz={{ base: 'md', sm: 'lg' }} lh={1.7}>
          {tr(BUYING_GUIDE_INTRO)}
        </Text>

        <GuideSteps id="buying-steps" title={tr(/*i18n*/ 'Three steps to a safe purchase')} steps={BUYING_GUIDE_STEPS} tr={tr} />

        <Box component="section" aria-labelledby="buying-faq">
          <Title order={2} id="buying-faq" mb="lg">
            {tr(/*i18n*/ "Buyers' questions")}
          </Title>
          <FaqAccordion items={BUYING_GUIDE_FAQ} email={email} order={3} tr={tr} />
        </Box>

        <CtaCard
          id="buying-cta"
          title={tr(/*i18n*/ 'Ready to start looking?')}
          actions={
            <>
              <Button component={Link} to="/" size="md">
                {tr(/*i18n*/ 'Start your search')}
              </Button>
              <Button component={Link} to="/dealers" size="md" variant="outline">
                {tr(/*i18n*/ 'View dealers')}
              </Button>
            </>
          }
        >
          {tr(/*i18n*/ 'Search cars, construction and farming equipment near you, or browse stock from professional dealers.')}
        </CtaCard>
      </Stack>
    </Page>
  );
}

export default withPageText(BuyingGuidePage);
