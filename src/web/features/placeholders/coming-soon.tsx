// A page whose content the specification leaves for later: its title, an icon and what is coming.
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '#web/components/page-header.tsx';

export function ComingSoon({
  title,
  subtitle,
  icon,
  heading,
  text,
}: {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  heading: string;
  text?: string;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Center>
        <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
          <Stack align="center" gap="xs">
            {icon}
            <Title order={2} size="h3">
              {heading}
            </Title>
            {text && (
              <Text c="dimmed" ta="center">
                {text}
              </Text>
            )}
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
