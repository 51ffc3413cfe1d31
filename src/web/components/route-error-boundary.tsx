// Every route's safety net: a page that cannot load its code, or that fails while rendering,
// shows what happened and a way on — never a white page. A missing chunk first reloads the app
// once by itself (after a redeploy the old chunks are gone); if that does not help, it says
// 'Loading chunk {id} failed' (product.md §8) with a reload button.
import { Alert, Button, Center, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { t } from '#web/i18n/index.ts';
import { ChunkLoadError, isChunkLoadError, reloadOnceForNewBuild } from '#web/lib/lazy-page.ts';

interface State {
  error: unknown;
  reloading: boolean;
}

export class RouteErrorBoundary extends Component<
  { children: ReactNode; homeHref?: string },
  State
> {
  state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error('A page failed', error);
    if (isChunkLoadError(error)) {
      const chunk = error instanceof ChunkLoadError ? error.chunk : 'unknown';
      if (reloadOnceForNewBuild(chunk)) this.setState({ reloading: true });
    }
  }

  render() {
    const { error, reloading } = this.state;
    if (error === null) return this.props.children;
    if (reloading) return null;
    const chunk = isChunkLoadError(error);
    const message = chunk
      ? (error as Error).message.startsWith('Loading chunk')
        ? (error as Error).message
        : 'Loading chunk failed'
      : t('errorBoundary.renderMessage');
    return (
      <Center py="xl" px="md">
        <Alert
          color="error"
          icon={<IconAlertTriangle aria-hidden />}
          title={chunk ? t('errorBoundary.chunkTitle') : t('errorBoundary.renderTitle')}
          maw={560}
          w="100%"
          role="alert"
        >
          <Text size="sm">{message}</Text>
          <Group mt="md" gap="xs">
            <Button size="xs" onClick={() => window.location.reload()}>
              {t('errorBoundary.reload')}
            </Button>
            {!chunk && (
              <Button
                size="xs"
                variant="default"
                component="a"
                href={this.props.homeHref ?? '/dashboard'}
              >
                {t('errorBoundary.home')}
              </Button>
            )}
          </Group>
        </Alert>
      </Center>
    );
  }
}
