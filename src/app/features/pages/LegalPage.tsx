import { useEffect, useState, type ReactNode } from 'react';
import { Accordion, Button, List, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { COOKIE_POLICY_SECTIONS } from './content/cookies';
import { PRIVACY_SECTIONS } from './content/privacy';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './content/terms';
import type { ContentSection } from './content/types';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { Page, withEmail } from '@/app/shared/shell/Page';
import { CtaCard, SupportReply } from './contentParts';

interface RelatedLink {
  to: string;
  label: string;
}

/** The section named by the URL fragment (e.g. /terms-and-conditions#fees-and-payments) starts open. */
function sectionFromHash(hash: string, sections: ContentSection[]): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return sections.some((s) => s.id === id) ? id : null;
}

function LegalDocument({ title, subtitle, intro, sections, related }: { title: string; subtitle: string; intro?: ReactNode; sections: ContentSection[]; related: RelatedLink[] }) {
  const email = useSupportEmail();
  const { hash } = useLocation();
  // One section open at a time; clicking the open one closes it.
  const [open, setOpen] = useState<string | null>(() => sectionFromHash(hash, sections));
  useEffect(() => {
    const fromHash = sectionFromHash(hash, sections);
    if (fromHash) setOpen(fromHash);
  }, [hash, sections]);

  return (
    <Page title={title} subtitle={subtitle}>
      <Stack gap={40}>
        {intro}
        <Accordion value={open} onChange={setOpen} variant="separated" radius="md" order={2}>
          {sections.map((s) => (
            <Accordion.Item key={s.id} value={s.id} id={s.id}>
              <Accordion.Control>
                <Text span fw={600} fz="lg">
                  {s.title}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm" pb="xs">
                  {s.paragraphs.map((p) => (
                    <Text key={p} lh={1.7}>
                      {withEmail(p, email)}
                    </Text>
                  ))}
                  {s.bullets ? (
                    <List spacing="xs" withPadding>
                      {s.bullets.map((b) => (
                        <List.Item key={b}>
                          <Text lh={1.6}>{withEmail(b, email)}</Text>
                        </List.Item>
                      ))}
                    </List>
                  ) : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>

        <CtaCard
          id="legal-contact"
          title="Questions about this page?"
          titleFz={{ base: 'lg', sm: 'xl' }}
          actions={related.map((r, i) => (
            <Button key={r.to} component={Link} to={r.to} variant={i === 0 ? 'filled' : 'outline'}>
              {r.label}
            </Button>
          ))}
        >
          <SupportReply email={email} />
        </CtaCard>
      </Stack>
    </Page>
  );
}

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms and conditions"
      subtitle="The rules for using Motokari to buy and sell vehicles in Zimbabwe."
      intro={
        <Text fw={600} c="dark.7">
          {`Last Updated ${TERMS_LAST_UPDATED}`}
        </Text>
      }
      sections={TERMS_SECTIONS}
      related={[
        { to: '/privacy-policy', label: 'Read our privacy policy' },
        { to: '/cookie-policy', label: 'Cookie policy' },
      ]}
    />
  );
}

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      subtitle="How Motokari collects, uses and protects your personal information."
      sections={PRIVACY_SECTIONS}
      related={[
        { to: '/cookie-policy', label: 'Read our cookie policy' },
        { to: '/terms-and-conditions', label: 'Terms and conditions' },
      ]}
    />
  );
}

export function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie policy"
      subtitle="How Motokari uses cookies and similar technologies, and how you can manage them."
      sections={COOKIE_POLICY_SECTIONS}
      related={[
        { to: '/privacy-policy', label: 'Read our privacy policy' },
        { to: '/terms-and-conditions', label: 'Terms and conditions' },
      ]}
    />
  );
}
