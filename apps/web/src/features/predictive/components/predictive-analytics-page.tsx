import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ProjectAnalysisTab } from './project-analysis-tab.tsx';
import { ProjectTrendsTab } from './project-trends-tab.tsx';
import { useT } from '../../../i18n/index.ts';

const TABS = [
  { labelKey: 'predictive.tabs.analysis' },
  { labelKey: 'predictive.tabs.trends' },
] as const;

/** /predictive-analytics: the Predictive Analysis page with its two tabs (spec part 2 section 2). */
export function PredictiveAnalyticsPage() {
  const t = useT();
  useDocumentTitle(t('predictive.page.title'));
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('predictive.page.title')}
      </Typography>
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ mb: 3 }}>
        {TABS.map(({ labelKey }, i) => (
          <Tab
            key={labelKey}
            label={t(labelKey)}
            id={`predictive-tab-${i}`}
            aria-controls={`predictive-panel-${i}`}
          />
        ))}
      </Tabs>
      {TABS.map(({ labelKey }, i) => (
        <div
          key={labelKey}
          role="tabpanel"
          id={`predictive-panel-${i}`}
          aria-labelledby={`predictive-tab-${i}`}
          hidden={tab !== i}
        >
          {tab === i ? i === 0 ? <ProjectAnalysisTab /> : <ProjectTrendsTab /> : null}
        </div>
      ))}
    </Box>
  );
}
