// Teachers' pay (issue 28 point 3, docs/decisions/033-teachers-pay.md): rates, monthly statements,
// adjustments, approval and the export. Nothing else uses its inside.
export { teacherPayRoutes } from './routes.ts';
