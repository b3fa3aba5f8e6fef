import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { heroMedia, type HeroVariant } from '../../../domain/home';
import { useHeroVideo } from '../useHeroVideo';

// The hero's box has a fixed height, so nothing below it moves whether the video, the poster or
// nothing has loaded yet. The videos are not precached (vite.config.ts precaches no .webm): they
// stream when the connection allows; the posters (.webp) are precached and show offline.
const HEIGHT = { mobile: 400, desktop: 440 } as const;

const fill = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center bottom', display: 'block' } as const;

/** The muted, looping background video; falls back to its poster if it cannot load or autoplay. */
function HeroVideo({ variant, onFail }: { variant: HeroVariant; onFail: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React sets `muted` as a property only; autoplay policies look at it, so set it before playing.
    video.muted = true;
    video.defaultMuted = true;
    // An AbortError only means the element went away (or paused) before it started.
    video.play().catch((err: unknown) => {
      if (!(err instanceof DOMException && err.name === 'AbortError')) onFail();
    });
  }, [onFail]);
  return (
    <video ref={ref} style={fill} autoPlay muted loop playsInline preload="auto" poster={`${heroMedia(variant)}.webp`} aria-hidden="true" onError={onFail}>
      <source src={`${heroMedia(variant)}.webm`} type="video/webm" onError={onFail} />
    </video>
  );
}

function HeroPoster({ variant }: { variant: HeroVariant }) {
  return (
    <picture>
      <source srcSet={`${heroMedia(variant)}.webp`} type="image/webp" />
      <img src={`${heroMedia(variant)}.jpg`} alt="" style={fill} fetchPriority="high" />
    </picture>
  );
}

/** The home page's hero: headline over a video of the road at dusk (or its still, see useHeroVideo). */
export function HomeHero({ mobile }: { mobile: boolean }) {
  const variant = mobile ? 'mobile' : 'desktop';
  const play = useHeroVideo(mobile);
  const [failed, setFailed] = useState(false);
  const fail = useCallback(() => setFailed(true), []);
  const overlay = mobile
    ? 'linear-gradient(180deg, rgba(3,68,48,0.92) 0%, rgba(3,68,48,0.7) 45%, rgba(3,68,48,0.1) 75%, rgba(3,68,48,0) 100%)'
    : 'linear-gradient(90deg, rgba(3,68,48,0.94) 0%, rgba(3,68,48,0.75) 38%, rgba(3,68,48,0.15) 68%, rgba(3,68,48,0) 100%)';
  return (
    <Box
      component="section"
      aria-label="Welcome"
      pos="relative"
      h={mobile ? HEIGHT.mobile : HEIGHT.desktop}
      c="white"
      style={{ overflow: 'hidden', background: 'var(--mantine-color-brand-9)' }}
      data-hero={play && !failed ? 'video' : 'poster'}
    >
      {play && !failed ? <HeroVideo key={variant} variant={variant} onFail={fail} /> : <HeroPoster variant={variant} />}
      <Box style={{ position: 'absolute', inset: 0, background: overlay }} />
      <Container size="xl" pos="relative" h="100%">
        <Stack gap="sm" maw={mobile ? undefined : 600} pt={mobile ? 24 : 0} pb={mobile ? 0 : 24} justify={mobile ? 'flex-start' : 'center'} h="100%">
          <Title order={1} fz={{ base: 30, sm: 48 }} lh={1.1} style={{ textShadow: '0 2px 16px rgba(0,0,0,0.35)' }}>
            Find your next vehicle in Zimbabwe
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0" style={{ textShadow: '0 1px 8px rgba(0,0,0,0.4)' }}>
            Cars, construction and farming vehicles from dealers and private sellers, ranked by how far they are from you. Works even without a signal.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
