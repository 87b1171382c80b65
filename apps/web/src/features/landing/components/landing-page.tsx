import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router-dom';
import { BARANGAYS } from '@sk-tanaw/contract';
import { currentLocale, loadNamespaces, useT } from '../../../i18n/index.ts';
import { servedPlaces, useSiteInfo } from '../api/get-site-info.ts';
import { AboutSection } from './about-section.tsx';
import { ContactFooter } from './contact-footer.tsx';
import { DisclosureBand } from './disclosure-band.tsx';
import { FeaturesSection } from './features-section.tsx';
import { Hero } from './hero.tsx';
import { LandingNav } from './landing-nav.tsx';
import { TeamSection } from './team-section.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// The picker opens on a click; its dialog code and its texts (the `auth` catalogue, which the
// login form shares) load then (or on hover), not with the page.
const loadPicker = async () => {
  const [module] = await Promise.all([import('./barangay-picker.tsx'), loadNamespaces(['auth'])]);
  return module;
};
const BarangayPicker = lazy(async () => ({ default: (await loadPicker()).BarangayPicker }));

/** The public landing page. `children` render on top of it (the login modal on /login). */
export function LandingPage({ children }: { children?: ReactNode }) {
  const site = useSiteInfo();
  const t = useT();
  useDocumentTitle();
  const navigate = useNavigate();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerLoaded, setPickerLoaded] = useState(false);
  const openPicker = () => {
    setPickerLoaded(true);
    setPickerOpen(true);
  };
  // The texts name what the installation serves: the demo's district and barangays (the spec's
  // texts) with the demo data, else its cities from the data.
  const places = servedPlaces(site, currentLocale());
  const [onlyCity] = site.cities ?? [];
  const eyebrow = site.demo
    ? t('landing.hero.eyebrow')
    : onlyCity && site.cities?.length === 1
      ? t('landing.hero.eyebrowPlace', { place: onlyCity.name.toLocaleUpperCase() })
      : t('landing.hero.eyebrowPlain');
  const productName = site.productName;
  const aboutLead = site.demo
    ? t('landing.about.lead', { productName })
    : places
      ? t('landing.about.leadPlaces', { productName, places })
      : t('landing.about.leadNone', { productName });
  // The demo's two barangays keep their buttons on the disclosure band; else those the data
  // lists when they are few.
  const boards = site.demo ? BARANGAYS : site.barangays;

  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      <LandingNav productName={productName} onLogin={openPicker} />
      <Box component="main">
        <Hero
          productName={productName}
          onLogin={openPicker}
          eyebrow={eyebrow}
          barangayCount={site.barangayCount}
        />
        <DisclosureBand barangays={boards} />
        <AboutSection productName={productName} lead={aboutLead} />
        <FeaturesSection />
        <TeamSection lead={site.demo ? t('landing.team.lead') : t('landing.team.leadPlain')} />
      </Box>
      <ContactFooter site={site} />
      {pickerLoaded ? (
        <Suspense fallback={null}>
          <BarangayPicker
            open={pickerOpen}
            barangayCount={site.barangayCount}
            barangays={site.barangays}
            offices={site.offices ?? []}
            onClose={() => setPickerOpen(false)}
            onPick={(place) => {
              setPickerOpen(false);
              void navigate(
                place.kind === 'city'
                  ? `/login?city=${encodeURIComponent(place.name)}`
                  : `/login?barangay=${encodeURIComponent(place.code)}`,
              );
            }}
          />
        </Suspense>
      ) : null}
      {children}
    </Box>
  );
}
