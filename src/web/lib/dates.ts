// Dates shown in the Vietnamese locale (SPEC.md §2).
import dayjs from 'dayjs';
import 'dayjs/locale/vi';

dayjs.locale('vi');

export const formatDate = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
export const formatDateTime = (iso: string) => dayjs(iso).format('HH:mm DD/MM/YYYY');
export { dayjs };
