import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './desk.css';
import { Alert, Button, Center, Group, Loader, MantineProvider, Paper, Stack, Text, Title } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { ApiError } from './api';
import { AuthProvider, createUserManager } from './auth';
import { loadDeskConfig } from './config';
import { theme } from './theme';

// index.html carries the per-response nonce the page's CSP allows for Mantine's <style> tags.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// The modals' scroll lock writes a <style> too (react-remove-scroll reads get-nonce).
setNonce(nonce);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      staleTime: 10_000,
      refetchOnWindowFocus: false,
    },
  },
});

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        {children}
      </Paper>
    </Center>
  );
}

const root = createRoot(document.getElementById('root')!);

function render(node: React.ReactNode) {
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} getStyleNonce={() => nonce} defaultColorScheme="light">
        <Notifications position="top-right" />
        {node}
      </MantineProvider>
    </StrictMode>,
  );
}

loadDeskConfig()
  .then((config) => {
    const manager = createUserManager(config);
    render(
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider
            config={config}
            manager={manager}
            renderMessage={(text, isError, logout) => (
              <Centered>
                <Stack>
                  {isError ? (
                    <Alert color="red" title="No se puede continuar" role="alert">
                      {text}
                    </Alert>
                  ) : (
                    <Group>
                      <Loader size="sm" aria-hidden />
                      <Text role="status">{text}</Text>
                    </Group>
                  )}
                  {logout && (
                    <Button variant="default" onClick={logout}>
                      Salir
                    </Button>
                  )}
                </Stack>
              </Centered>
            )}
            renderLogin={(login, error) => (
              <Centered>
                <Stack component="main">
                  <Title order={1} size="h2">
                    Expediente
                  </Title>
                  <Text>Mesa de trabajo municipal: documentos, firmas, expedientes, notas y legajos.</Text>
                  {error && (
                    <Alert color="red" role="alert">
                      {error}
                    </Alert>
                  )}
                  <Button size="md" onClick={login}>
                    Ingresar
                  </Button>
                </Stack>
              </Centered>
            )}
            renderChooser={(tenants, choose, logout) => (
              <Centered>
                <Stack component="main">
                  <Title order={1} size="h2">
                    Elija el municipio
                  </Title>
                  <Text>Su cuenta pertenece a varios municipios.</Text>
                  {tenants.map((t) => (
                    <Button key={t.schema} variant="light" onClick={() => choose(t.schema)} justify="space-between">
                      {t.name} ({t.city})
                    </Button>
                  ))}
                  <Button variant="subtle" onClick={logout}>
                    Salir
                  </Button>
                </Stack>
              </Centered>
            )}
          >
            <App />
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>,
    );
  })
  .catch((err: Error) => {
    render(
      <Centered>
        <Alert color="red" title="La mesa no pudo iniciar" role="alert">
          {err.message}
        </Alert>
      </Centered>,
    );
  });
