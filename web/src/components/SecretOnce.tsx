/** A secret shown once, after creating or rotating it, with a copy button (API keys, webhook secrets). */
import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function SecretOnce({
  message,
  secret,
  testId,
  copiedLabel,
  children,
}: {
  message: string;
  secret: string;
  testId: string;
  /** "Copiada" for a key, "Copiado" for a secret. */
  copiedLabel: string;
  /** What to do with it, above the secret. */
  children?: ReactNode;
}) {
  return (
    <Alert color="teal" title={message} role="status">
      <Stack gap="xs">
        {children}
        <Group gap="xs" wrap="nowrap">
          <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy}>
                {copied ? copiedLabel : 'Copiar'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
