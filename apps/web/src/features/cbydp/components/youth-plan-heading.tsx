import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';

/**
 * The head of the youth plan pages (the CBYDP and the KK assemblies): title, what the page is
 * for, the link to its companion page, then the editors' form or, for readers, why they cannot
 * edit.
 */
export function YouthPlanHeading({
  title,
  intro,
  companion,
  editor,
}: {
  title: string;
  intro: string;
  companion: { to: string; label: string };
  /** The form to add a record, or null for a reader (administrators read only). */
  editor: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
        {intro}
      </Typography>
      <Link component={RouterLink} to={companion.to} sx={{ display: 'inline-block', mb: 3 }}>
        {companion.label}
      </Link>
      {editor ?? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('plans.cbydp.readOnly')}
        </Alert>
      )}
    </>
  );
}
