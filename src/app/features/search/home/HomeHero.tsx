import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { HOME_HERO_TEXTS, heroMedia, type HeroVariant } from '@/domain/content/home';
import { useHeroVideo } from '../useHeroVideo';
import { HERO_COPY, HERO_FILL as fill, HERO_HEIGHT_PX, HERO_OVERLAY, HERO_TEXT_SHADOW, HERO_TITLE_PX } from './heroLook';
import { t } from '@/app/shared/i18n/language';

// The videos are not precached (vite.config.ts precaches no .webm): they stream when the connection
// allows; the posters (.webp) are precached and show offline. A first visit to / arrives with this
// hero already drawn from the page's HTML (openingScreen.ts), which this one then replaces.

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
  const overlay = HERO_OVERLAY[variant];
  return (
    <Box
      component="section"
      aria-label={t(HOME_HERO_TEXTS.label)}
      pos="relative"
      h={HERO_HEIGHT_PX[variant]}
      c="white"
      style={{ overflow: 'hidden', background: 'var(--mantine-color-brand-9)' }}
      data-hero={play && !failed ? 'video' : 'poster'}
    >
      {play && !failed ? <HeroVideo key={variant} variant={variant} onFail={fail} /> : <HeroPoster variant={variant} />}
      <Box style={{ position: 'absolute', inset: 0, background: overlay }} />
      <Container size="xl" pos="relative" h="100%">
        <Stack
          gap="sm"
          maw={mobile ? undefined : HERO_COPY.maxWidthPx}
          pt={mobile ? HERO_COPY.phoneTopPx : 0}
          pb={mobile ? 0 : HERO_COPY.desktopBottomPx}
          justify={mobile ? 'flex-start' : 'center'}
          h="100%"
        >
          <Title order={1} fz={HERO_TITLE_PX[variant]} lh={1.1} style={{ textShadow: HERO_TEXT_SHADOW.title }}>
            {t(HOME_HERO_TEXTS.title)}
          </Title>
          <Text fz={mobile ? 'md' : 'lg'} c="brand.0" style={{ textShadow: HERO_TEXT_SHADOW.lead }}>
            {t(HOME_HERO_TEXTS.lead)}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
