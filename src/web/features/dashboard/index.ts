// The dashboard's public part: joining a running lesson (the notifications' 'Tham gia' uses it).
export { useJoinLesson } from './api.ts';
