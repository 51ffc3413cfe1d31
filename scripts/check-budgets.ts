// npm run check:budgets — fails when the login route's JavaScript exceeds its budget
// (150 KB gzip). Run after a build; CI runs it.
import { LOGIN_JS_BUDGET_BYTES, loginRouteJavaScript } from '../bench/web.ts';

const { total } = loginRouteJavaScript();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
if (total > LOGIN_JS_BUDGET_BYTES) {
  console.error(
    `Login route JavaScript is ${kb(total)} gzip, over its budget of ${kb(LOGIN_JS_BUDGET_BYTES)}.`,
  );
  process.exit(1);
}
console.log(`Login route JavaScript: ${kb(total)} gzip (budget ${kb(LOGIN_JS_BUDGET_BYTES)}).`);
