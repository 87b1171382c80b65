import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBac } from '../api.ts';
import { BacSection } from './bac-section.tsx';
import { PlanSection } from './plan-section.tsx';
import { RequestsSection } from './requests-section.tsx';
import { SuppliersSection } from './suppliers-section.tsx';

export const PROCUREMENT_PATH = '/procurement';

const TABS = ['requests', 'plan', 'suppliers', 'bac'] as const;
type TabName = (typeof TABS)[number];

/**
 * `/procurement`: the SK's own procurement (GPPB Circular No. 07-2019): the BAC the chairperson
 * constitutes, the suppliers, and the purchase requests from the plan's lines to the purchase
 * order and the inspection. Every account of the council reads; the server decides each step.
 */
export function ProcurementPage() {
  const t = useT();
  const title = t('procurement.title');
  useDocumentTitle(title);
  const { user } = useAuth();
  const bac = useBac();
  const [tab, setTab] = useState<TabName>('requests');
  /** The caller's places on the BAC (a person may be a member and its inspector). */
  const roles = (bac.data?.bac?.members ?? [])
    .filter((m) => user !== null && m.userId === user.id)
    .map((m) => m.role);

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 900 }}>
          {t('procurement.intro')}
        </Typography>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('procurement.tabs')}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`procurement.tab.${name}`)}
            id={`procurement-tab-${name}`}
            aria-controls={`procurement-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`procurement-panel-${tab}`}
        aria-labelledby={`procurement-tab-${tab}`}
        sx={{ minWidth: 0 }}
      >
        {tab === 'bac' ? <BacSection query={bac} /> : null}
        {tab === 'suppliers' ? <SuppliersSection /> : null}
        {tab === 'plan' ? <PlanSection /> : null}
        {tab === 'requests' ? (
          <RequestsSection
            roles={roles}
            isHope={bac.data?.canManage ?? false}
            hasBac={Boolean(bac.data?.bac)}
          />
        ) : null}
      </Box>
    </Box>
  );
}
