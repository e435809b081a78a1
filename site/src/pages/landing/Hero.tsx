import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Container,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { PLANS, formatUsd, type SiteConfig } from '@leadpulse/common';
import { api } from '../../api/client';
import { useScrolledPast } from '../../features/scroll/useScrolledPast';

const SHIPPED_DEMO = '/demo.webm';

/** Headline, "5 Min Setup", Watch Demo, and the demo video with its play overlay. */
export function Hero({ onClaim }: { onClaim(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [source, setSource] = useState(SHIPPED_DEMO);
  const mobile = useMediaQuery('(max-width: 767.98px)');
  // The video fades out once the visitor has scrolled on (600 px on phones, 800 px otherwise).
  const videoFaded = useScrolledPast(mobile ? 600 : 800);

  useEffect(() => {
    api<SiteConfig>('/site-config').then(
      (config) => config.demo_video_url && setSource(config.demo_video_url),
      () => undefined,
    );
  }, []);

  const play = () => {
    video.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    void video.current?.play();
  };

  return (
    <Box component="section" aria-labelledby="hero-title" sx={{ pt: { xs: 14, md: 18 }, pb: 8 }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Chip label="5 Min Setup" color="secondary" sx={{ mb: 3 }} />
        <Typography id="hero-title" variant="h1" sx={{ fontSize: { xs: 40, md: 64 }, mb: 2 }}>
          Turn Likes Into Leads
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
          Bring in your LinkedIn network from the export LinkedIn gives you, see every lead with
          what happened between you, and reach out at the right moment.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', mb: 2 }}
        >
          <Button variant="contained" size="large" onClick={onClaim}>
            Become a Founding Member
          </Button>
          <Button variant="outlined" size="large" startIcon={<PlayArrow />} onClick={play}>
            Watch Demo
          </Button>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 5 }}>
          Founding members start at {formatUsd(PLANS.founding_member.priceCents)} for the first 3
          months.
        </Typography>
        <Box
          sx={{
            position: 'relative',
            borderRadius: 3,
            overflow: 'hidden',
            boxShadow: 6,
            aspectRatio: '16 / 9',
            bgcolor: 'primary.main',
            opacity: videoFaded ? 0.35 : 1,
            transition: 'opacity 400ms ease',
          }}
        >
          <Box
            component="video"
            ref={video}
            src={source}
            poster="/demo-poster.jpg"
            preload="none"
            playsInline
            controls={playing}
            onPlay={() => setPlaying(true)}
            aria-label="Product demo video"
            sx={{ width: '100%', height: '100%', display: 'block', objectFit: 'cover' }}
          />
          {!playing && (
            <IconButton
              aria-label="Play demo video"
              onClick={() => void video.current?.play()}
              sx={{
                // In the corner the poster leaves empty: centred, it hid the poster's headline.
                position: 'absolute',
                right: { xs: 12, md: 24 },
                bottom: { xs: 12, md: 24 },
                width: { xs: 56, md: 72 },
                height: { xs: 56, md: 72 },
                boxShadow: 3,
                bgcolor: 'rgba(255,255,255,0.92)',
                '&:hover': { bgcolor: 'common.white' },
              }}
            >
              <PlayArrow sx={{ fontSize: { xs: 36, md: 48 }, color: 'primary.main' }} />
            </IconButton>
          )}
        </Box>
      </Container>
    </Box>
  );
}
