import { useEffect, useMemo } from 'react';

/** An object URL for each blob, made while the blobs are shown and let go of after. */
export function useObjectUrls(blobs: readonly Blob[]): string[] {
  const urls = useMemo(() => blobs.map((b) => URL.createObjectURL(b)), [blobs]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}
