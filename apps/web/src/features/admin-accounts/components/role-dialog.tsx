import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  ADMIN_MESSAGES,
  isRoleCode,
  type Account,
  type Role,
  type RoleCode,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { positionLabel } from '../lib/labels.ts';

/** Radio choices of the four role codes, with their descriptions from the server. */
export function RoleDialog({
  account,
  roles,
  busy,
  onClose,
  onAssign,
}: {
  account: Account;
  roles: readonly Role[];
  busy: boolean;
  onClose: () => void;
  onAssign: (position: RoleCode) => void;
}) {
  const t = useT();
  const [choice, setChoice] = useState<string>(
    isRoleCode(account.position) ? account.position : '',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const offered = roles.filter((r) => isRoleCode(r.roleID));
  const assign = () => {
    if (!isRoleCode(choice)) {
      setProblem(t('admin.roles.selectRole'));
      return;
    }
    onAssign(choice);
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="role-dialog-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="role-dialog-title">
        {account.position === ADMIN_MESSAGES.notAssigned
          ? t('admin.roles.addTitle', { name: account.fullName })
          : t('admin.roles.changeTitle', { name: account.fullName })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('admin.roles.current', {
            role: positionLabel(t, account.position),
            name: account.fullName,
          })}
        </Typography>
        {problem ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {problem}
          </Alert>
        ) : null}
        <RadioGroup
          aria-label={t('admin.roles.role')}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            setProblem(null);
          }}
        >
          {offered.map((role) => (
            <FormControlLabel
              key={role.roleID}
              value={role.roleID}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <span>
                  <Typography component="span" sx={{ fontWeight: 700 }}>
                    {role.roleID} · {role.roleName}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                  >
                    {role.description}
                  </Typography>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('admin.cancel')}
        </Button>
        <Button variant="contained" onClick={assign} disabled={busy || choice === ''}>
          {busy ? t('admin.roles.assigning') : t('admin.roles.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
