import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { PageHeader } from '#web/components/page-header.tsx';
import { t } from '#web/i18n/index.ts';

export default function LibraryPage() {
  return (
    <>
      <PageHeader title={t('library.title')} />
      <Center>
        <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
          <Stack align="center" gap="xs">
            <IconBooks size={48} aria-hidden />
            <Title order={2} size="h3">
              {t('library.comingSoon')}
            </Title>
            <Text c="dimmed" ta="center">
              {t('library.text')}
            </Text>
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
