export { BudgetPlanningPage } from './components/budget-planning-page.tsx';
export { PlanEditorPage } from './components/plan-editor-page.tsx';
