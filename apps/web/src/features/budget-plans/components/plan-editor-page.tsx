import { Activity, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePlan } from '../api/get-plan.ts';
import { planBasePath } from '../lib/paths.ts';
import { PlanEditor } from './plan-editor.tsx';
import { PlanPhoneView } from './plan-phone-view.tsx';

function PlanById({ id, basePath }: { id: number; basePath: string }) {
  const t = useT();
  const { user } = useAuth();
  const query = usePlan(id);
  // Below 1024 px: the status, approval and posting; the editor's grid needs a wide screen.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const [editorShown, setEditorShown] = useState(!narrow);
  if (!narrow && !editorShown) {
    setEditorShown(true);
  }
  useDocumentTitle(
    query.data ? t('plans.editor.title', { year: String(query.data.plan.year) }) : t('plans.title'),
  );
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('plans.editor.loading')} />
      </Box>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorStatus(query.error) === 404 ? t('plans.editor.notFound') : errorMessage(query.error)}{' '}
        <Link component={RouterLink} to={basePath}>
          {t('plans.editor.backToList')}
        </Link>
      </Alert>
    );
  }
  if (!user) {
    return null;
  }
  return (
    <>
      {narrow ? <PlanPhoneView plan={query.data.plan} user={user} basePath={basePath} /> : null}
      {/* Once shown, the editor stays mounted (hidden) while the window is narrow: unsaved rows
          survive a window narrowed for a moment, as on the screens the gate covers. */}
      {editorShown ? (
        <Activity mode={narrow ? 'hidden' : 'visible'}>
          <PlanEditor plan={query.data.plan} user={user} basePath={basePath} />
        </Activity>
      ) : null}
    </>
  );
}

/** /budget-planning/:id and /admin/budget-planning/:id. */
export function PlanEditorPage() {
  const { id } = useParams();
  const basePath = planBasePath(useLocation().pathname);
  const planId = Number(id);
  if (!Number.isInteger(planId) || planId <= 0) {
    return <Navigate to={basePath} replace />;
  }
  return <PlanById key={planId} id={planId} basePath={basePath} />;
}
