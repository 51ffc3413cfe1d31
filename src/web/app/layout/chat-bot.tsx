// The CHAT BOT AI panel: local only, seeded with sample messages; sending appends a message and
// calls nothing (product.md §2).
import { ActionIcon, Box, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { t } from '#web/i18n/index.ts';

interface ChatMessage {
  id: number;
  from: 'bot' | 'user';
  text: string;
}

const seed: ChatMessage[] = [
  { id: 1, from: 'bot', text: t('chat.seed1') },
  { id: 2, from: 'user', text: t('chat.seed2') },
  { id: 3, from: 'bot', text: t('chat.seed3') },
];

export function ChatBot() {
  const [chat, setChat] = useState(seed);
  const [draft, setDraft] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setChat((current) => [...current, { id: current.length + 1, from: 'user', text }]);
    setDraft('');
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      flex={1}
      mih={0}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Text fw={700} size="sm" mb="xs">
        {t('chat.title')}
      </Text>
      <ScrollArea flex={1} mih={120} type="auto">
        <Stack gap={6} role="log" aria-label={t('chat.title')}>
          {chat.map((message) => (
            <Box
              key={message.id}
              style={{
                alignSelf: message.from === 'user' ? 'flex-end' : 'flex-start',
                maxWidth: '85%',
              }}
            >
              <Paper
                p={8}
                radius="md"
                bg={message.from === 'user' ? 'primary.6' : 'gray.1'}
                c={message.from === 'user' ? 'white' : 'dark'}
              >
                <Text size="xs">{message.text}</Text>
              </Paper>
            </Box>
          ))}
        </Stack>
      </ScrollArea>
      <form onSubmit={send}>
        <TextInput
          mt="xs"
          aria-label={t('chat.input')}
          placeholder={t('chat.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label={t('chat.send')}>
              <IconSend size={16} aria-hidden />
            </ActionIcon>
          }
        />
      </form>
    </Paper>
  );
}
