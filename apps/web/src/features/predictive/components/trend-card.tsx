import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import TrendingUp from '@mui/icons-material/TrendingUp';
import type { TrendItem } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

/** Section 9: green above 0.9, primary above 0.8, otherwise warning. */
export function confidenceColor(confidence: number): 'success' | 'primary' | 'warning' {
  if (confidence > 0.9) {
    return 'success';
  }
  return confidence > 0.8 ? 'primary' : 'warning';
}

/** The impact chip's words, per impact. */
const IMPACT_KEYS = {
  high: { labelKey: 'predictive.card.impactHigh' },
  medium: { labelKey: 'predictive.card.impactMedium' },
  low: { labelKey: 'predictive.card.impactLow' },
} as const;

/** Section 9: high error, medium warning, low info. */
const IMPACT_COLOR = { high: 'error.main', medium: 'warning.main', low: 'info.main' } as const;

const ARROWS = {
  up: { Icon: TrendingUp, labelKey: 'predictive.card.up', color: 'success.main' },
  down: { Icon: TrendingDown, labelKey: 'predictive.card.down', color: 'error.main' },
  stable: { Icon: TrendingFlat, labelKey: 'predictive.card.stable', color: 'text.secondary' },
} as const;

export function TrendCard({ item, rank }: { item: TrendItem; rank: number }) {
  const t = useT();
  const arrow = ARROWS[item.trend];
  const percent = Math.round(item.confidence * 100);
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={t('predictive.card.label', { rank, name: item.name })}
      data-impact={item.impact}
      sx={{ borderLeft: 6, borderLeftColor: IMPACT_COLOR[item.impact], borderRadius: 2 }}
    >
      <CardContent>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
          <Typography component="span" sx={{ fontWeight: 700, minWidth: 28 }}>
            {t('predictive.card.rank', { rank })}
          </Typography>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {item.name}
          </Typography>
          <Box
            component="span"
            role="img"
            aria-label={t(arrow.labelKey)}
            sx={{ color: arrow.color, display: 'flex' }}
          >
            <arrow.Icon />
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          {item.subcategory ? <Chip size="small" label={item.subcategory} /> : null}
          {item.category ? (
            <Chip size="small" variant="outlined" color="primary" label={item.category} />
          ) : null}
          <Chip size="small" variant="outlined" label={t(IMPACT_KEYS[item.impact].labelKey)} />
        </Stack>
        <Typography sx={{ mb: 1.5 }}>{item.description}</Typography>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Typography variant="body2" sx={{ minWidth: 130 }}>
            {t('predictive.card.confidence', { percent })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={confidenceColor(item.confidence)}
            aria-label={t('predictive.card.confidenceLabel', { percent })}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
