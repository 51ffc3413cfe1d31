// The family feature's public face (issue 29): the parent's dashboard (the dashboard page shows it
// to a parent), and the child picker the tuition page uses for a parent.
export { useChildren } from './api.ts';
export { ChildPicker, useChosenChild } from './child-picker.tsx';
export { FamilyDashboard } from './family-dashboard.tsx';
