import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import {
  KK_CIVIL_STATUSES,
  KK_CLASSIFICATIONS,
  KK_EDUCATION,
  KK_SPECIFIC_NEEDS,
  KK_WORK_STATUSES,
  type KkProfileFields,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

/** The answers chosen from a list: each starts unanswered (''), never chosen for the person. */
type Choice = 'sexAtBirth' | 'civilStatus' | 'youthClassification' | 'education' | 'workStatus';

/** A profile as typed; the server refuses one with an answer left unchosen, naming it. */
export type ProfileDraft = Omit<KkProfileFields, Choice> & {
  [K in Choice]: KkProfileFields[K] | '';
};

export const emptyProfile = (): ProfileDraft => ({
  lastName: '',
  firstName: '',
  middleName: '',
  suffix: '',
  birthday: '',
  sexAtBirth: '',
  civilStatus: '',
  youthClassification: '',
  specificNeeds: null,
  email: '',
  contactNumber: '',
  homeAddress: '',
  education: '',
  workStatus: '',
  skVoter: false,
  nationalVoter: false,
  votedLastElection: false,
  assembliesAttended: 0,
});

/** The fields of a youth profile (the Annex 4 columns), for the officers' dialog and the public form. */
export function ProfileFields({
  value,
  onChange,
}: {
  value: ProfileDraft;
  onChange: (next: ProfileDraft) => void;
}) {
  const t = useT();
  const set = <K extends keyof ProfileDraft>(key: K, v: ProfileDraft[K]) =>
    onChange({ ...value, [key]: v });
  const text = (
    key:
      | 'lastName'
      | 'firstName'
      | 'middleName'
      | 'suffix'
      | 'email'
      | 'contactNumber'
      | 'homeAddress',
    required = false,
    type = 'text',
  ) => (
    <TextField
      label={t(`disclosure.kk.field.${key}`)}
      value={value[key]}
      required={required}
      type={type}
      autoComplete="off"
      onChange={(e) => set(key, e.target.value)}
      slotProps={{ htmlInput: { 'data-field': key } }}
    />
  );
  const select = (
    key: Choice,
    options: readonly string[],
    label: (o: string) => string = (o) => o,
  ) => (
    <TextField
      select
      label={t(`disclosure.kk.field.${key}`)}
      value={value[key]}
      required
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {label(o)}
        </MenuItem>
      ))}
    </TextField>
  );
  const flag = (key: 'skVoter' | 'nationalVoter' | 'votedLastElection') => (
    <FormControlLabel
      control={<Checkbox checked={value[key]} onChange={(e) => set(key, e.target.checked)} />}
      label={t(`disclosure.kk.field.${key}`)}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {text('lastName', true)}
      {text('firstName', true)}
      {text('middleName')}
      {text('suffix')}
      <TextField
        label={t('disclosure.kk.field.birthday')}
        type="date"
        required
        value={value.birthday}
        onChange={(e) => set('birthday', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {select('sexAtBirth', ['Male', 'Female'], (o) => t(`disclosure.kk.sex.${o}`))}
      {select('civilStatus', KK_CIVIL_STATUSES)}
      {select('youthClassification', KK_CLASSIFICATIONS, (o) =>
        t(`disclosure.kk.classification.${o}`),
      )}
      {value.youthClassification === 'YSN' ? (
        <TextField
          select
          label={t('disclosure.kk.field.specificNeeds')}
          value={value.specificNeeds ?? ''}
          onChange={(e) =>
            set('specificNeeds', (e.target.value || null) as ProfileDraft['specificNeeds'])
          }
        >
          {KK_SPECIFIC_NEEDS.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`disclosure.kk.needs.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {text('email', false, 'email')}
      {text('contactNumber', false, 'tel')}
      {text('homeAddress', true)}
      {select('education', KK_EDUCATION)}
      {select('workStatus', KK_WORK_STATUSES)}
      <TextField
        label={t('disclosure.kk.field.assembliesAttended')}
        type="number"
        value={value.assembliesAttended}
        onChange={(e) => set('assembliesAttended', Math.max(0, Number(e.target.value) || 0))}
        slotProps={{ htmlInput: { min: 0, max: 99 } }}
      />
      {flag('skVoter')}
      {flag('nationalVoter')}
      {flag('votedLastElection')}
    </Box>
  );
}
