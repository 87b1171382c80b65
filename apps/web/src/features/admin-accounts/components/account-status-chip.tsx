import Chip from '@mui/material/Chip';
import type { Account } from '@sk-tanaw/contract';

/** Active: the initial password was replaced; Inactive: not yet; Archived wins over both. */
export function AccountStatusChip({ account }: { account: Account }) {
  if (account.isArchived) {
    return <Chip size="small" label="Archived" color="default" variant="outlined" />;
  }
  return (
    <Chip
      size="small"
      label={account.status}
      color={account.status === 'Active' ? 'success' : 'warning'}
    />
  );
}
