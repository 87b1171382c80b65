import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { KkDuplicateAnswer, KkProfile } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

/** A verification refused: the profile, and the one of the registry it duplicates. */
export interface RefusedVerification {
  profile: KkProfile;
  of: KkDuplicateAnswer['duplicateOf'];
}

/**
 * Says which profile a self-registration duplicates (the server refused to verify it, so one
 * youth is not counted twice) and offers to remove the self-registration, with the reason
 * filled in; correcting either profile instead stays possible from the list.
 */
export function DuplicateAlert({
  refused,
  onClose,
  onRemove,
}: {
  refused: RefusedVerification;
  onClose: () => void;
  onRemove: (reason: string) => void;
}) {
  const t = useT();
  const { profile, of } = refused;
  const other = [of.firstName, of.middleName, of.lastName, of.suffix]
    .filter((part) => part !== '')
    .join(' ');
  return (
    <Alert
      severity="warning"
      role="alert"
      onClose={onClose}
      sx={{ mb: 1.5 }}
      data-testid="kk-duplicate-refused"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => onRemove(t('disclosure.kk.duplicate.removeReason', { id: of.id }))}
        >
          {t('disclosure.kk.duplicate.remove')}
        </Button>
      }
    >
      {t('disclosure.kk.duplicate.refused', {
        name: `${profile.firstName} ${profile.lastName}`,
        id: of.id,
        other,
        status: t(`disclosure.kk.duplicate.status.${of.status}`),
      })}
    </Alert>
  );
}
