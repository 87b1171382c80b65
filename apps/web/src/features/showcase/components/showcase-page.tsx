import { useRef, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import SearchOff from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { BARANGAYS } from '@sk-tanaw/contract';
import { BrandMark } from '../../../components/brand-mark.tsx';
import {
  ALL_BARANGAYS,
  ALL_PROJECTS,
  filterShowcase,
  SHOWCASE_CATEGORIES,
  SHOWCASE_ITEMS,
  STATUS_COLORS,
  stepSlide,
} from './sample-items.ts';
import type { ShowcaseCategory, ShowcaseItem, ShowcaseStatus } from './sample-items.ts';
import { useT } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

type Translate = ReturnType<typeof useT>;

/** The status's label in the language shown (the value, `data-status`, stays English). */
function statusLabel(t: Translate, status: ShowcaseStatus): string {
  switch (status) {
    case 'Completed':
      return t('showcase.status.completed');
    case 'Ongoing':
      return t('showcase.status.ongoing');
    case 'Upcoming':
      return t('showcase.status.upcoming');
  }
}

/** The category's label in the language shown (the filter's value stays English). */
function categoryLabel(t: Translate, category: ShowcaseCategory): string {
  switch (category) {
    case 'Environment':
      return t('showcase.category.environment');
    case 'Sports':
      return t('showcase.category.sports');
    case 'Education':
      return t('showcase.category.education');
    case 'Healthcare':
      return t('showcase.category.healthcare');
  }
}

function StatusChip({ status }: { status: ShowcaseStatus }) {
  const t = useT();
  return (
    <Chip
      label={statusLabel(t, status)}
      size="small"
      data-status={status}
      sx={{ bgcolor: STATUS_COLORS[status], color: '#fff', fontWeight: 700 }}
    />
  );
}

function Media({ item, height }: { item: ShowcaseItem; height: number | string }) {
  if (item.mediaType === 'video') {
    return (
      <Box
        component="video"
        src={item.mediaUrl}
        poster={item.thumbnailUrl}
        controls
        sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      component="img"
      src={item.mediaUrl}
      alt={item.title}
      sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }}
    />
  );
}

export function ShowcasePage() {
  const t = useT();
  useDocumentTitle(t('showcase.title'));
  const [barangay, setBarangay] = useState(ALL_BARANGAYS);
  const [category, setCategory] = useState(ALL_PROJECTS);
  const [index, setIndex] = useState(0);
  const slideshowRef = useRef<HTMLElement>(null);
  const items = filterShowcase(SHOWCASE_ITEMS, barangay, category);
  const current = items[index] ?? items[0];

  const jumpTo = (i: number) => {
    setIndex(i);
    slideshowRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2 }}>
            <BrandMark />
            <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>
              SK Tanaw
            </Typography>
            <Box
              component="nav"
              aria-label={t('showcase.nav.label')}
              sx={{ display: 'flex', gap: 1 }}
            >
              <Button color="inherit" component={RouterLink} to="/">
                {t('showcase.nav.home')}
              </Button>
              <Button color="inherit" component={RouterLink} to="/projects">
                {t('showcase.nav.myProjects')}
              </Button>
              <Button variant="contained" color="secondary" component={RouterLink} to="/login">
                {t('showcase.nav.login')}
              </Button>
            </Box>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 6 }}>
        <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
          {t('showcase.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
          {t('showcase.lead')}
        </Typography>
        <Stack
          direction="row"
          spacing={2}
          sx={{ mb: 4 }}
          role="group"
          aria-label={t('showcase.filter.label')}
        >
          <TextField
            select
            label={t('showcase.filter.barangay')}
            value={barangay}
            onChange={(e) => {
              setBarangay(e.target.value);
              setIndex(0);
            }}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value={ALL_BARANGAYS}>{t('showcase.filter.allBarangays')}</MenuItem>
            {BARANGAYS.map((b) => (
              <MenuItem key={b.code} value={b.name}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('showcase.filter.category')}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setIndex(0);
            }}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value={ALL_PROJECTS}>{t('showcase.filter.allProjects')}</MenuItem>
            {SHOWCASE_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {categoryLabel(t, c)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        {current ? (
          <>
            <Paper
              ref={slideshowRef}
              component="section"
              aria-roledescription="carousel"
              aria-label={t('showcase.slideshow.label')}
              sx={{ overflow: 'hidden', borderRadius: 4, mb: 5, scrollMarginTop: 80 }}
              elevation={2}
            >
              <Box sx={{ display: 'grid', gridTemplateColumns: '3fr 2fr', minHeight: 360 }}>
                <Box sx={{ position: 'relative', bgcolor: 'primary.dark' }}>
                  <Media item={current} height={400} />
                  {items.length > 1 ? (
                    <>
                      <IconButton
                        aria-label={t('showcase.slideshow.previous')}
                        onClick={() => setIndex((i) => stepSlide(i, -1, items.length))}
                        sx={{
                          position: 'absolute',
                          left: 12,
                          top: '50%',
                          transform: 'translateY(-50%)',
                          bgcolor: 'rgba(255,255,255,0.9)',
                          '&:hover': { bgcolor: '#fff' },
                        }}
                      >
                        <ChevronLeft />
                      </IconButton>
                      <IconButton
                        aria-label={t('showcase.slideshow.next')}
                        onClick={() => setIndex((i) => stepSlide(i, 1, items.length))}
                        sx={{
                          position: 'absolute',
                          right: 12,
                          top: '50%',
                          transform: 'translateY(-50%)',
                          bgcolor: 'rgba(255,255,255,0.9)',
                          '&:hover': { bgcolor: '#fff' },
                        }}
                      >
                        <ChevronRight />
                      </IconButton>
                    </>
                  ) : null}
                </Box>
                <Box
                  aria-live="polite"
                  data-testid="slide"
                  sx={{ p: 4, display: 'flex', flexDirection: 'column' }}
                >
                  <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
                    <StatusChip status={current.status} />
                    <Chip
                      label={categoryLabel(t, current.category)}
                      size="small"
                      variant="outlined"
                    />
                  </Stack>
                  <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                    {current.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {current.barangay} · {current.date} · {current.author}
                  </Typography>
                  <Typography sx={{ mb: 2, flexGrow: 1 }}>{current.description}</Typography>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }}>
                    {current.tags.map((tag) => (
                      <Typography key={tag} variant="body2" sx={{ color: 'primary.light' }}>
                        #{tag}
                      </Typography>
                    ))}
                  </Stack>
                  <Stack direction="row" spacing={3} sx={{ color: 'text.secondary' }}>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      <FavoriteBorder fontSize="small" aria-hidden="true" />
                      <Typography variant="body2">
                        {t('showcase.slideshow.likes', { count: current.likes })}
                      </Typography>
                    </Stack>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      <ChatBubbleOutline fontSize="small" aria-hidden="true" />
                      <Typography variant="body2">
                        {t('showcase.slideshow.comments', { count: current.comments })}
                      </Typography>
                    </Stack>
                  </Stack>
                </Box>
              </Box>
              <Stack
                direction="row"
                spacing={1}
                justifyContent="center"
                sx={{ py: 2 }}
                role="group"
                aria-label={t('showcase.slideshow.choose')}
              >
                {items.map((item, i) => (
                  <Box
                    key={item.id}
                    component="button"
                    type="button"
                    aria-label={t('showcase.slideshow.show', { number: i + 1, title: item.title })}
                    aria-current={i === index ? 'true' : undefined}
                    onClick={() => setIndex(i)}
                    sx={{
                      width: i === index ? 28 : 12,
                      height: 12,
                      p: 0,
                      border: 0,
                      borderRadius: 6,
                      cursor: 'pointer',
                      bgcolor: i === index ? 'primary.main' : '#9aa5bd',
                      transition: 'width 200ms ease',
                    }}
                  />
                ))}
              </Stack>
            </Paper>

            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {t('showcase.all', { count: items.length })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 3 }}>
              {items.map((item, i) => (
                <Card
                  key={item.id}
                  data-testid="showcase-card"
                  sx={{
                    outline: i === index ? '3px solid' : 'none',
                    outlineColor: 'secondary.main',
                  }}
                >
                  <CardActionArea onClick={() => jumpTo(i)}>
                    <Box
                      component="img"
                      src={item.thumbnailUrl}
                      alt=""
                      sx={{ width: '100%', height: 160, objectFit: 'cover', display: 'block' }}
                    />
                    <CardContent>
                      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                        <StatusChip status={item.status} />
                        <Chip label={item.barangay} size="small" variant="outlined" />
                      </Stack>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                        {item.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {categoryLabel(t, item.category)} · {item.date}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
          </>
        ) : (
          <Paper sx={{ p: 8, textAlign: 'center', borderRadius: 4 }} elevation={0}>
            <SearchOff sx={{ fontSize: 56, color: 'text.secondary', mb: 2 }} />
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              {t('showcase.empty.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
              {t('showcase.empty.text')}
            </Typography>
          </Paper>
        )}
      </Container>
    </Box>
  );
}
