import { Alert, Button, Stack } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/** A screen that throws shows what happened instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Stack>
        <Alert color="red" title="Esta pantalla falló" role="alert">
          {this.state.error.message}
        </Alert>
        <Button variant="default" onClick={() => this.setState({ error: null })} w="fit-content">
          Reintentar
        </Button>
      </Stack>
    );
  }
}
