// /meeting: full-screen, outside the main layout. The Zoom meeting itself comes with the
// meetings issue; until then the page only holds its place in the routes.
import { Center, Text } from '@mantine/core';
import { t } from '../../i18n/index.ts';

export default function MeetingPage() {
  return (
    <Center h="100vh" bg="black">
      <Text c="white">{t('meeting.title')}</Text>
    </Center>
  );
}
