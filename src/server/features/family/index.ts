// The family feature's public face (issue 29): a parent's own routes and the child check.
export { childOf } from './children.ts';
export { familyRoutes } from './routes.ts';
