import { useContext, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import type { OfficialsRowErrorItem } from '@sk-tanaw/contract';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { AuthContext } from '../../../lib/auth/auth-context.ts';
import { rowErrorsOf, useInviteMember, useRequirements } from '../officials-api.ts';
import { RequirementsTable } from './requirements-table.tsx';

/**
 * The new council on the barangay's turnover page: its officials (imported by the city) and
 * their requirements before assuming office; its chairperson invites the other members here.
 */
export function NewCouncilSection() {
  const t = useT();
  // Read softly: the page's component tests render it without a signed-in session.
  const user = useContext(AuthContext)?.user;
  const query = useRequirements();
  const invite = useInviteMember();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [problems, setProblems] = useState<OfficialsRowErrorItem[]>([]);
  const data = query.data;
  if (!data) {
    return null;
  }
  const newChair = data.officials.some((o) => o.userId === user?.id && o.position === 'SKC');
  const send = () => {
    setProblems([]);
    invite.mutate(
      { name, email, mobile, language: currentLanguage() },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setName('');
          setEmail('');
          setMobile('');
        },
        onError: (e) => {
          const rows = rowErrorsOf(e);
          if (rows) {
            setProblems(rows);
          } else {
            toast.error(errorMessage(e));
          }
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section">
      <Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('shell.officials.title')}
        </Typography>
        <Typography color="text.secondary">
          {data.term
            ? t('shell.officials.intro', {
                start: data.term.startsOn,
                done: data.done,
                total: data.total,
              })
            : t('shell.officials.noTerm')}
        </Typography>
      </Box>
      <RequirementsTable data={data} />
      {newChair ? (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
          sx={{ display: 'grid', gap: 1.5 }}
        >
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('shell.officials.invite')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('shell.officials.inviteHelp')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: '2fr 2fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              size="small"
              label={t('shell.officials.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
            <TextField
              size="small"
              type="email"
              label={t('shell.officials.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            <TextField
              size="small"
              label={t('shell.officials.mobile')}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
            />
            <Button type="submit" variant="contained" disabled={invite.isPending}>
              {t('shell.officials.sendInvite')}
            </Button>
          </Box>
          {problems.length > 0 ? (
            <Alert severity="error">
              {problems.map((p) => (
                <div key={`${p.column}-${p.error}`}>{t(`shell.officials.error.${p.error}`)}</div>
              ))}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
