import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SELLING_GUIDE_INTRO, SELLING_GUIDE_STEPS, SELLING_SCAM_WARNING } from './content/sellingGuide';
import { Page } from '@/app/shared/shell/Page';
import type { Translate } from '@/domain/i18n/text';
import { CtaCard, GuideSteps } from './contentParts';
import { withPageText } from './withPageText';

const warningIcon = (
  <Text span fw={900} fz="lg" lh={1} aria-hidden>
    !
  </Text>
);

function SellingGuidePage({ tr }: { tr: Translate }) {
  return (
    <Page title={tr(/*i18n*/ 'Selling guide')} subtitle={tr(/*i18n*/ 'How to prepare, list and hand over your vehicle safely, with no commission on the sale.')}>
      <Stack gap={56}>
        <Text fz={{ base: 'md', sm: 'lg' }} lh={1.7}>
          {tr(SELLING_GUIDE_INTRO)}
        </Text>

        <GuideSteps id="selling-steps" title={tr(/*i18n*/ 'Four steps to a safe sale')} steps={SELLING_GUIDE_STEPS} tr={tr} />

        <Alert role="note" color="red" variant="light" radius="lg" p={{ base: 'md', sm: 'xl' }} icon={warningIcon} style={{ borderLeft: '4px solid var(--mantine-color-red-7)' }}>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} c="red.9" mb="sm">
            {tr(SELLING_SCAM_WARNING.title)}
          </Title>
          <List spacing="sm">
            {SELLING_SCAM_WARNING.points.map((p) => (
              <List.Item key={p}>
                <Text lh={1.6} c="dark.9">
                  {tr(p)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>

        <CtaCard
          id="selling-cta"
          title={tr(/*i18n*/ 'Ready to sell?')}
          actions={
            <>
              <Button component={Link} to="/dashboard" size="md">
                {tr(/*i18n*/ 'List Your Vehicle')}
              </Button>
              <Button component={Link} to="/buying-guide" size="md" variant="outline">
                {tr(/*i18n*/ 'Read the buying guide')}
              </Button>
            </>
          }
        >
          {tr(/*i18n*/ 'Create your listing in a few minutes. You can even prepare it offline and it will publish once you are connected.')}
        </CtaCard>
      </Stack>
    </Page>
  );
}

export default withPageText(SellingGuidePage);
