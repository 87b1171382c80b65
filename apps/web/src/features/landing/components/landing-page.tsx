import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router-dom';
import { useSiteInfo } from '../api/get-site-info.ts';
import { AboutSection } from './about-section.tsx';
import { ContactFooter } from './contact-footer.tsx';
import { DisclosureBand } from './disclosure-band.tsx';
import { FeaturesSection } from './features-section.tsx';
import { Hero } from './hero.tsx';
import { LandingNav } from './landing-nav.tsx';
import { TeamSection } from './team-section.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// The picker opens on a click; its dialog code loads then (or on hover), not with the page.
const loadPicker = () => import('./barangay-picker.tsx');
const BarangayPicker = lazy(async () => ({ default: (await loadPicker()).BarangayPicker }));

/** The public landing page. `children` render on top of it (the login modal on /login). */
export function LandingPage({ children }: { children?: ReactNode }) {
  const site = useSiteInfo();
  useDocumentTitle();
  const navigate = useNavigate();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerLoaded, setPickerLoaded] = useState(false);
  const openPicker = () => {
    setPickerLoaded(true);
    setPickerOpen(true);
  };

  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      <LandingNav productName={site.productName} onLogin={openPicker} />
      <Box component="main">
        <Hero productName={site.productName} onLogin={openPicker} />
        <DisclosureBand />
        <AboutSection productName={site.productName} />
        <FeaturesSection />
        <TeamSection />
      </Box>
      <ContactFooter site={site} />
      {pickerLoaded ? (
        <Suspense fallback={null}>
          <BarangayPicker
            open={pickerOpen}
            barangayCount={site.barangayCount}
            onClose={() => setPickerOpen(false)}
            onPick={(code) => {
              setPickerOpen(false);
              void navigate(`/login?barangay=${encodeURIComponent(code)}`);
            }}
          />
        </Suspense>
      ) : null}
      {children}
    </Box>
  );
}
