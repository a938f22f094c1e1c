import { onlineManager, QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { noteServerUnreachable } from '../../lib/connectivity';
import { useLiveConnectionProbe } from '../../lib/query';
import { RealtimeProvider } from '../../lib/realtime-context';
import { type FakeSockets, fakeSockets } from '../../testing/fake-socket';
import { ConnectionStatus, OFFLINE_TEXT, RECONNECTING_TEXT } from './connection-status';

/** A screen's data: counts how often it was fetched. */
function Visits({ calls }: { calls: { n: number } }) {
  const query = useQuery({
    queryKey: ['visits'],
    queryFn: async () => {
      calls.n += 1;
      return calls.n;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <p>Fetched {query.data ?? 0} times</p>;
}

/** As app/portal/portal-root.tsx wires it: every query refetched after a reconnect. */
function Realtime({ sockets, children }: { sockets: FakeSockets; children: React.ReactNode }) {
  const client = useQueryClient();
  const onReconnect = useCallback(() => void client.invalidateQueries(), [client]);
  return (
    <RealtimeProvider
      url="ws://127.0.0.1:1/ws"
      getToken={async () => 'id-token'}
      enabled
      createSocket={sockets.create}
      onReconnect={onReconnect}
      reconnectDelayMs={10}
    >
      {children}
    </RealtimeProvider>
  );
}

const settle = (ms = 0) => act(() => new Promise((r) => setTimeout(r, ms)));

function LiveConnectionProbe() {
  useLiveConnectionProbe();
  return null;
}

/** The signed-in portal's status line and a screen's data, with the live connection's probe as portal-root has it. */
function renderSignedIn() {
  const sockets = fakeSockets();
  const calls = { n: 0 };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Realtime sockets={sockets}>
        <LiveConnectionProbe />
        <ConnectionStatus />
        <Visits calls={calls} />
      </Realtime>
    </QueryClientProvider>,
  );
  return { sockets };
}

describe('the live connection in the portal', () => {
  it('shows Reconnecting while the socket is down and refetches the data once it is back', async () => {
    const { sockets } = renderSignedIn();
    expect(await screen.findByText('Fetched 1 times')).toBeInTheDocument();
    await settle();
    act(() => sockets.latest().open());
    // Connecting for the first time is not a reconnect.
    expect(screen.queryByText(RECONNECTING_TEXT)).not.toBeInTheDocument();

    act(() => sockets.latest().drop());
    expect(screen.getByRole('status')).toHaveTextContent(RECONNECTING_TEXT);
    expect(screen.getByText('Fetched 1 times')).toBeInTheDocument();

    // The client retries after its back-off; the new socket opens.
    await settle(50);
    expect(sockets.opened).toHaveLength(2);
    act(() => sockets.latest().open());
    expect(screen.queryByText(RECONNECTING_TEXT)).not.toBeInTheDocument();
    expect(await screen.findByText('Fetched 2 times')).toBeInTheDocument();
  });

  it('says offline while the server and the live connection are out of reach, keeps the last data, and refetches once the socket opens', async () => {
    const { sockets } = renderSignedIn();
    expect(await screen.findByText('Fetched 1 times')).toBeInTheDocument();
    await settle();
    act(() => sockets.latest().open());
    // With the live connection open, a request that finds no server is a failure, not offline.
    act(() => noteServerUnreachable());
    expect(onlineManager.isOnline()).toBe(true);
    // The connection dropped, and a request finds no server (as lib/api.ts reports it): offline.
    act(() => sockets.latest().drop());
    act(() => noteServerUnreachable());
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.queryByText(RECONNECTING_TEXT)).not.toBeInTheDocument();
    expect(screen.getByText('Fetched 1 times')).toBeInTheDocument();

    await settle(50);
    act(() => sockets.latest().open());
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
    expect(await screen.findByText('Fetched 2 times')).toBeInTheDocument();
  });

  it('says nothing while signed out', () => {
    render(
      <RealtimeProvider url="ws://127.0.0.1:1/ws" getToken={async () => undefined} enabled={false}>
        <ConnectionStatus />
      </RealtimeProvider>,
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
