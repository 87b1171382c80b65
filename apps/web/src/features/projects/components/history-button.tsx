import Button from '@mui/material/Button';
import type { Project } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

/** Opens a project's status history. */
export function HistoryButton({
  project,
  onOpen,
}: {
  project: Project;
  onOpen: (p: Project) => void;
}) {
  const t = useT();
  return (
    <Button
      size="small"
      onClick={() => onOpen(project)}
      aria-label={t('projects.history.buttonLabel', { reference: project.referenceNumber })}
    >
      {t('projects.history.button')}
    </Button>
  );
}
