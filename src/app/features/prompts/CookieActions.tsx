import { Button, Group, Stack } from '@mantine/core';

/** The cookie banner's choices: Reject All, Accept All, and Customise (or, on the Customise view, Save Preferences). */
export function CookieActions({ phone, customise, choose }: { phone: boolean; customise: boolean; choose: { reject: () => void; accept: () => void; save: () => void; customise: () => void } }) {
  const reject = (
    <Button variant="light" onClick={choose.reject}>
      Reject All
    </Button>
  );
  const accept = (
    <Button variant={customise ? 'light' : 'filled'} onClick={choose.accept}>
      Accept All
    </Button>
  );
  const third = customise ? (
    <Button onClick={choose.save}>Save Preferences</Button>
  ) : (
    <Button variant="subtle" onClick={choose.customise}>
      Customise
    </Button>
  );
  // Phones: Reject All and Accept All side by side at equal weight, the third choice on a row of its
  // own (first when it is Save Preferences). Wider screens: one row, the main choice at the right.
  return phone ? (
    <Stack gap="xs">
      {customise ? third : null}
      <Group gap="xs" grow wrap="nowrap">
        {reject}
        {accept}
      </Group>
      {customise ? null : third}
    </Stack>
  ) : (
    <Group gap="sm" justify="flex-end" wrap="nowrap">
      {customise ? null : third}
      {reject}
      {accept}
      {customise ? third : null}
    </Group>
  );
}
