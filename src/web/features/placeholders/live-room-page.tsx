import { Center, Paper, Stack, Title } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { PageHeader } from '#web/components/page-header.tsx';
import { t } from '#web/i18n/index.ts';

export default function LiveRoomPage() {
  return (
    <>
      <PageHeader title={t('liveRoom.title')} subtitle={t('liveRoom.subtitle')} />
      <Center>
        <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
          <Stack align="center" gap="xs">
            <IconMicrophone size={48} aria-hidden />
            <Title order={2} size="h3">
              {t('liveRoom.comingSoon')}
            </Title>
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
