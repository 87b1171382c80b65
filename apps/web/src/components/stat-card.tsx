import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router-dom';

export interface StatCardProps {
  title: string;
  icon: SvgIconComponent;
  /** The big figure. */
  headline: ReactNode;
  caption: string;
  /** Details under the figure (breakdowns, bars). */
  children?: ReactNode;
  /** A link under the figure (the dashboard's cards lead to their screens). */
  link?: { to: string; label: string };
}

/** A figure card: icon, title, a big number, a caption, optional details and link. */
export function StatCard({ title, icon: Icon, headline, caption, children, link }: StatCardProps) {
  return (
    <Card sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ p: 3, flexGrow: 1 }}>
        <Stack direction="row" alignItems="center" spacing={1.5} sx={{ mb: 2 }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'secondary.main',
            }}
          >
            <Icon fontSize="small" />
          </Box>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', lineHeight: 1.3 }}>
            {title}
          </Typography>
        </Stack>
        <Typography sx={{ fontSize: '2.2rem', fontWeight: 800, lineHeight: 1.1 }}>
          {headline}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {caption}
        </Typography>
        {children}
      </CardContent>
      {link ? (
        <Box sx={{ px: 3, pb: 2 }}>
          <Button component={RouterLink} to={link.to} size="small">
            {link.label}
          </Button>
        </Box>
      ) : null}
    </Card>
  );
}
