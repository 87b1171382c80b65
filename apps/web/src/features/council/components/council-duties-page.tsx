import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CouncilDutiesSection } from './council-duties-section.tsx';

/** `/council`: the council's duties (the chairperson assigns them; every account reads them). */
export function CouncilDutiesPage() {
  const t = useT();
  useDocumentTitle(t('shell.council.title'));
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 0.5 }}>
        {t('shell.council.title')}
      </Typography>
      <CouncilDutiesSection />
    </Box>
  );
}
