import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { SiteInfo } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { Reveal } from './reveal.tsx';

export function ContactFooter({ site }: { site: SiteInfo }) {
  const t = useT();
  const items = [
    // The e-mail address only when the installation has one (CONTACT_EMAIL).
    ...(site.contact.email
      ? [
          {
            icon: EmailOutlined,
            label: t('landing.contact.email'),
            value: (
              <Link href={`mailto:${site.contact.email}`} sx={{ color: '#fff' }}>
                {site.contact.email}
              </Link>
            ),
          },
        ]
      : []),
    { icon: PhoneOutlined, label: t('landing.contact.phone'), value: site.contact.phone },
    { icon: PlaceOutlined, label: t('landing.contact.address'), value: site.contact.address },
  ];
  return (
    <Box
      component="footer"
      aria-labelledby="contact-title"
      sx={{ bgcolor: 'primary.dark', color: '#fff', pt: 10, pb: 4 }}
    >
      <Container maxWidth="lg">
        <Reveal>
          <Typography id="contact-title" variant="h3" component="h2" sx={{ mb: 2 }}>
            {t('landing.contact.title')}
          </Typography>
          <Typography sx={{ opacity: 0.9, mb: 5, maxWidth: 640 }}>
            {t('landing.contact.lead', { productName: site.productName })}
          </Typography>
        </Reveal>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: `repeat(${items.length}, 1fr)` },
            gap: 3,
          }}
        >
          {items.map((item) => (
            <Box key={item.label} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <item.icon sx={{ color: 'secondary.main', mt: 0.3 }} />
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{item.label}</Typography>
                <Typography component="div" sx={{ opacity: 0.92, wordBreak: 'break-word' }}>
                  {item.value}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography
          variant="body2"
          sx={{ mt: 8, pt: 3, borderTop: '1px solid rgba(255,255,255,0.15)', opacity: 0.85 }}
        >
          {t('landing.contact.copyright', {
            year: String(new Date().getFullYear()),
            productName: site.productName,
          })}
        </Typography>
      </Container>
    </Box>
  );
}
