import Box from '@mui/material/Box';
import HowToReg from '@mui/icons-material/HowToReg';
import { StatCard } from '../../../components/stat-card.tsx';
import { useT } from '../../../i18n/index.ts';
import { useCityTurnover } from '../api/get-city-turnover.ts';

/** The dashboard's turnover tile: the new council's chairpersons in, requirements, inventories. */
export function CityTurnoverTile() {
  const t = useT();
  const { data } = useCityTurnover();
  if (!data) {
    return null;
  }
  const { totals } = data;
  return (
    <Box sx={{ mb: 3, maxWidth: { sm: 480 } }} data-testid="city-turnover-tile">
      <StatCard
        title={t('shell.city.turnover.tile')}
        icon={HowToReg}
        headline={`${String(totals.chairsIn)} / ${String(totals.barangays)}`}
        caption={t('shell.city.turnover.tileCaption', {
          done: String(totals.requirementsDone),
          total: String(totals.requirementsTotal),
          signed: String(totals.signed),
        })}
        link={{ to: '/city/turnover', label: t('shell.city.turnover.open') }}
      />
    </Box>
  );
}
