import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SELLING_GUIDE_INTRO, SELLING_GUIDE_STEPS, SELLING_SCAM_WARNING } from './content/sellingGuide';
import { Page } from '@/app/shared/shell/Page';
import { CtaCard, GuideSteps } from './contentParts';

const warningIcon = (
  <Text span fw={900} fz="lg" lh={1} aria-hidden>
    !
  </Text>
);

export default function SellingGuidePage() {
  return (
    <Page title="Selling guide" subtitle="How to prepare, list and hand over your vehicle safely, with no commission on the sale.">
      <Stack gap={56}>
        <Text fz={{ base: 'md', sm: 'lg' }} lh={1.7}>
          {SELLING_GUIDE_INTRO}
        </Text>

        <GuideSteps id="selling-steps" title="Four steps to a safe sale" steps={SELLING_GUIDE_STEPS} />

        <Alert role="note" color="red" variant="light" radius="lg" p={{ base: 'md', sm: 'xl' }} icon={warningIcon} style={{ borderLeft: '4px solid var(--mantine-color-red-7)' }}>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} c="red.9" mb="sm">
            {SELLING_SCAM_WARNING.title}
          </Title>
          <List spacing="sm">
            {SELLING_SCAM_WARNING.points.map((p) => (
              <List.Item key={p}>
                <Text lh={1.6} c="dark.9">
                  {p}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>

        <CtaCard
          id="selling-cta"
          title="Ready to sell?"
          actions={
            <>
              <Button component={Link} to="/dashboard" size="md">
                List Your Vehicle
              </Button>
              <Button component={Link} to="/buying-guide" size="md" variant="outline">
                Read the buying guide
              </Button>
            </>
          }
        >
          Create your listing in a few minutes. You can even prepare it offline and it will publish once you are connected.
        </CtaCard>
      </Stack>
    </Page>
  );
}
