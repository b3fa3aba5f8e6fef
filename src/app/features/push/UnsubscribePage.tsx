import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { HTTPError } from 'ky';
import { EMAIL_ALERT_TEXTS as E } from '@/domain/account/emailAlerts';
import { unsubscribeEmails } from './savedSearchApi';
import { knownText, t } from '@/app/shared/i18n/language';

type State = { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * /unsubscribe?token=…, the link at the foot of every saved-search email: stops that search's emails
 * at once, signed in or not (the token is the search's id signed by the server).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'sending' } : { kind: 'failed', message: E.invalidLink });

  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribeEmails(token).then(
      ({ message }) => live && setState({ kind: 'done', message }),
      (err: unknown) => {
        const refused = err instanceof HTTPError && err.response.status < 500;
        if (live) setState({ kind: 'failed', message: refused ? E.invalidLink : E.unsubscribeFailed });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Container size="sm" py={{ base: 32, sm: 64 }}>
      <Card padding="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t(E.unsubscribeTitle)}
          </Title>
          {state.kind === 'sending' ? (
            <>
              <Loader />
              <Text c="dimmed">{t(E.unsubscribing)}</Text>
            </>
          ) : (
            <Alert color={state.kind === 'done' ? 'brand' : 'red'} variant="light" role={state.kind === 'done' ? 'status' : 'alert'} w="100%">
              {knownText(state.message)}
            </Alert>
          )}
          <Button component={Link} to="/saved-searches" variant="light">
            {t(E.openSavedSearches)}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
