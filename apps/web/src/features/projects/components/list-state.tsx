import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Project } from '@sk-tanaw/contract';
import { listErrorMessage } from '../lib/messages.ts';

/** The error and loading states both project tables show above their rows. */
export function ListState({ error, loading }: { error: unknown; loading: boolean }) {
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {listErrorMessage(error)}
        </Alert>
      ) : null}
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading projects" />
        </Box>
      ) : null}
    </>
  );
}

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
