import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { PARTICLE_COUNT } from '@sk-tanaw/contract';

const drift = keyframes`
  0% { transform: translate3d(0, 0, 0); opacity: 0; }
  15% { opacity: 0.8; }
  100% { transform: translate3d(30px, -160px, 0); opacity: 0; }
`;

interface Particle {
  left: number;
  top: number;
  size: number;
  delay: number;
  duration: number;
  gold: boolean;
}

/** A small deterministic generator, so the pattern is the same on every visit. */
function makeParticles(count: number): Particle[] {
  let seed = 20251;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: count }, () => ({
    left: next() * 100,
    top: 20 + next() * 80,
    size: 2 + next() * 5,
    delay: next() * 8,
    duration: 7 + next() * 9,
    gold: next() > 0.6,
  }));
}

/** The hero's decorative particles; hidden from assistive technology. */
export function Particles() {
  const particles = useMemo(() => makeParticles(PARTICLE_COUNT), []);
  return (
    <Box
      aria-hidden="true"
      data-testid="particles"
      sx={{ position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' }}
    >
      {particles.map((p, i) => (
        <Box
          key={i}
          component="span"
          className="particle"
          sx={{
            position: 'absolute',
            left: `${p.left}%`,
            top: `${p.top}%`,
            width: p.size,
            height: p.size,
            borderRadius: '50%',
            bgcolor: p.gold ? 'rgba(245,179,1,0.85)' : 'rgba(255,255,255,0.7)',
            animation: `${drift} ${p.duration}s linear ${p.delay}s infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.4 },
          }}
        />
      ))}
    </Box>
  );
}
