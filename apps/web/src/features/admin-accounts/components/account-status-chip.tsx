import Chip from '@mui/material/Chip';
import type { Account } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

/** Active: the initial password was replaced; Inactive: not yet; Archived wins over both. */
export function AccountStatusChip({ account }: { account: Account }) {
  const t = useT();
  if (account.isArchived) {
    return (
      <Chip size="small" label={t('admin.status.archived')} color="default" variant="outlined" />
    );
  }
  return (
    <Chip
      size="small"
      label={account.status === 'Active' ? t('admin.status.active') : t('admin.status.inactive')}
      color={account.status === 'Active' ? 'success' : 'warning'}
    />
  );
}
