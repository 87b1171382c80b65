import Button from '@mui/material/Button';
import type { Project } from '@sk-tanaw/contract';

/** Opens a project's status history. */
export function HistoryButton({
  project,
  onOpen,
}: {
  project: Project;
  onOpen: (p: Project) => void;
}) {
  return (
    <Button
      size="small"
      onClick={() => onOpen(project)}
      aria-label={`History of ${project.referenceNumber}`}
    >
      History
    </Button>
  );
}
