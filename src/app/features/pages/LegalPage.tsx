import { useEffect, useState, type ReactNode } from 'react';
import { Accordion, Button, List, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { COOKIE_POLICY_SECTIONS } from './content/cookies';
import { PRIVACY_SECTIONS } from './content/privacy';
import { TERMS_UPDATED_ON, TERMS_SECTIONS } from './content/terms';
import type { ContentSection } from './content/types';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { useLanguage } from '@/app/shared/i18n/language';
import { Page } from '@/app/shared/shell/Page';
import { dateText } from '@/domain/i18n/format';
import type { Translate } from '@/domain/i18n/text';
import { CtaCard, SupportReply, WRAPPING_BUTTON, withEmail } from './contentParts';
import { withPageText } from './withPageText';

interface RelatedLink {
  to: string;
  label: string;
}

/** The section named by the URL fragment (e.g. /terms-and-conditions#fees-and-payments) starts open. */
function sectionFromHash(hash: string, sections: ContentSection[]): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return sections.some((s) => s.id === id) ? id : null;
}

interface LegalDocumentProps {
  title: string;
  subtitle: string;
  intro?: (tr: Translate) => ReactNode;
  sections: ContentSection[];
  related: RelatedLink[];
}

/** A legal document in the reader's language; the English one binds (said on the page in the others). */
const LegalDocument = withPageText<LegalDocumentProps>(function LegalText({ title, subtitle, intro, sections, related, tr }: LegalDocumentProps & { tr: Translate }) {
  const email = useSupportEmail();
  const language = useLanguage();
  const { hash } = useLocation();
  // One section open at a time; clicking the open one closes it.
  const [open, setOpen] = useState<string | null>(() => sectionFromHash(hash, sections));
  useEffect(() => {
    const fromHash = sectionFromHash(hash, sections);
    if (fromHash) setOpen(fromHash);
  }, [hash, sections]);

  return (
    <Page title={tr(title)} subtitle={tr(subtitle)}>
      <Stack gap={40}>
        {intro?.(tr)}
        {language === 'en' ? null : (
          <Text c="dark.7" data-english-binds>
            {tr(/*i18n*/ 'This is a translation to help you read it. If it and the English text differ, the English text is the one that counts.')}
          </Text>
        )}
        <Accordion value={open} onChange={setOpen} variant="separated" radius="md" order={2}>
          {sections.map((s) => (
            <Accordion.Item key={s.id} value={s.id} id={s.id}>
              <Accordion.Control>
                <Text span fw={600} fz="lg">
                  {tr(s.title)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm" pb="xs">
                  {s.paragraphs.map((p) => (
                    <Text key={p} lh={1.7}>
                      {withEmail(p, email, tr)}
                    </Text>
                  ))}
                  {s.bullets ? (
                    <List spacing="xs" withPadding>
                      {s.bullets.map((b) => (
                        <List.Item key={b}>
                          <Text lh={1.6}>{withEmail(b, email, tr)}</Text>
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
          title={tr(/*i18n*/ 'Questions about this page?')}
          titleFz={{ base: 'lg', sm: 'xl' }}
          actions={related.map((r, i) => (
            <Button key={r.to} component={Link} to={r.to} variant={i === 0 ? 'filled' : 'outline'} {...WRAPPING_BUTTON}>
              {tr(r.label)}
            </Button>
          ))}
        >
          <SupportReply email={email} tr={tr} />
        </CtaCard>
      </Stack>
    </Page>
  );
});

/** 'Last Updated October 8, 2025' as the specification words it; in the other languages the date in figures. */
function TermsUpdated({ tr }: { tr: Translate }) {
  const language = useLanguage();
  const date = language === 'en' ? new Date(TERMS_UPDATED_ON).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : dateText(TERMS_UPDATED_ON, { dateStyle: 'short' }, language);
  return (
    <Text fw={600} c="dark.7">
      {tr(/*i18n*/ 'Last Updated {date}', { date })}
    </Text>
  );
}

export function TermsPage() {
  return (
    <LegalDocument
      title={/*i18n*/ 'Terms and conditions'}
      subtitle={/*i18n*/ 'The rules for using Motokari to buy and sell vehicles in Zimbabwe.'}
      intro={(tr) => <TermsUpdated tr={tr} />}
      sections={TERMS_SECTIONS}
      related={[
        { to: '/privacy-policy', label: /*i18n*/ 'Read our privacy policy' },
        { to: '/cookie-policy', label: /*i18n*/ 'Cookie policy' },
      ]}
    />
  );
}

export function PrivacyPage() {
  return (
    <LegalDocument
      title={/*i18n*/ 'Privacy policy'}
      subtitle={/*i18n*/ 'How Motokari collects, uses and protects your personal information.'}
      sections={PRIVACY_SECTIONS}
      related={[
        { to: '/cookie-policy', label: /*i18n*/ 'Read our cookie policy' },
        { to: '/terms-and-conditions', label: /*i18n*/ 'Terms and conditions' },
      ]}
    />
  );
}

export function CookiePolicyPage() {
  return (
    <LegalDocument
      title={/*i18n*/ 'Cookie policy'}
      subtitle={/*i18n*/ 'How Motokari uses cookies and similar technologies, and how you can manage them.'}
      sections={COOKIE_POLICY_SECTIONS}
      related={[
        { to: '/privacy-policy', label: /*i18n*/ 'Read our privacy policy' },
        { to: '/terms-and-conditions', label: /*i18n*/ 'Terms and conditions' },
      ]}
    />
  );
}
