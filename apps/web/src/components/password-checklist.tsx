import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useT } from '../i18n/index.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

export interface ChecklistItem {
  id: string;
  label: string;
  met: boolean;
}

/** Live list of password rules, each marked met or not met. */
export function PasswordChecklist({
  items,
  title,
}: {
  items: readonly ChecklistItem[];
  title?: string;
}) {
  const t = useT();
  return (
    <List dense aria-label={title ?? t('common.password.requirements')} sx={{ py: 0 }}>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters sx={{ py: 0 }} data-met={item.met}>
          <ListItemIcon sx={{ minWidth: 30 }}>
            {item.met ? (
              <CheckCircle fontSize="small" sx={{ color: 'success.main' }} />
            ) : (
              <RadioButtonUnchecked fontSize="small" sx={{ color: 'text.secondary' }} />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {item.label}
                <Box component="span" sx={visuallyHidden}>
                  {` ${item.met ? t('common.password.met') : t('common.password.notMet')}`}
                </Box>
              </>
            }
            slotProps={{
              primary: {
                sx: { color: item.met ? 'success.main' : 'text.secondary', fontSize: '0.875rem' },
              },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
