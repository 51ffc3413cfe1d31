// The dashboard's public part: joining a running lesson and the meeting page's address (the
// notifications' 'Tham gia' uses them).
export { useJoinLesson } from './api.ts';
export { meetingUrl } from './meeting-url.ts';
