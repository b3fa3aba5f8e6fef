import { Badge, Box, Group, Stack, Switch, Text } from '@mantine/core';
import { CONSENT_CATEGORIES, type ConsentCategory, type ConsentChoice } from '@/domain/account/consent';
import { CONSENT_CATEGORY_TEXTS } from '@/domain/account/consentTexts';
import { t } from '@/app/shared/i18n/language';

/** The cookie banner's Customise view: a switch for each category, the necessary ones always on. */
export default function CookieCategories({ choice, onChange }: { choice: ConsentChoice; onChange: (category: ConsentCategory, on: boolean) => void }) {
  return (
    <Stack gap="xs" role="group" aria-label={t(/*i18n*/ 'Cookie categories')}>
      {CONSENT_CATEGORIES.map((c) => {
        const { label, description } = CONSENT_CATEGORY_TEXTS[c];
        const always = c === 'necessary';
        return (
          <Box key={c} p="sm" bg={always ? 'gray.0' : undefined} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}>
            <Switch
              label={
                <Group gap={8} component="span">
                  <Text span fw={650} c="dark.8">
                    {t(label)}
                  </Text>
                  {always ? (
                    <Badge size="sm" variant="light" color="brand" component="span">
                      {t(/*i18n*/ 'Always on')}
                    </Badge>
                  ) : null}
                </Group>
              }
              description={
                <Text span fz="xs" c="dark.5" lh={1.45}>
                  {t(description)}
                </Text>
              }
              checked={always || choice[c]}
              disabled={always}
              onChange={(e) => onChange(c, e.currentTarget.checked)}
              labelPosition="left"
              size="md"
              styles={{ body: { justifyContent: 'space-between', gap: 12 }, labelWrapper: { flex: 1 } }}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
