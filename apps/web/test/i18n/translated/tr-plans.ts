export default ['features/backup', 'features/budget-plans', 'components/plan-program-table.tsx'];
