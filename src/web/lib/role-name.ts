// A role as the reader calls it ('Học viên', 'Student'), never the stored word ('student'): every
// place that shows a role shows it through here.
import type { Role } from '#common/constants.ts';
import { t } from '#web/i18n/index.ts';

export const roleName = (role: Role): string => t(`role.${role}`);
