import { Text, type MantineSize } from '@mantine/core';
import { useZig } from './zigPreference';

/** A price also in ZiG, 'about ZiG 182,000', under or beside the dollar price; nothing unless the buyer chose ZiG. */
export function ZigPrice({ usd, size = 'xs' }: { usd: number | null; size?: MantineSize }) {
  const text = useZig().textOf(usd);
  if (!text) return null;
  return (
    <Text fz={size} c="dimmed" fw={600} data-zig-price>
      {text}
    </Text>
  );
}
