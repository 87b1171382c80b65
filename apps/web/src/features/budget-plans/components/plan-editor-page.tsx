import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePlan } from '../api/get-plan.ts';
import { planBasePath } from '../lib/paths.ts';
import { PlanEditor } from './plan-editor.tsx';

function PlanById({ id, basePath }: { id: number; basePath: string }) {
  const t = useT();
  const { user } = useAuth();
  const query = usePlan(id);
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
  return <PlanEditor plan={query.data.plan} user={user} basePath={basePath} />;
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
