import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Payment, SERVICE_TYPES, SERVICES, type Service } from '#shared/contracts/payment-options';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { fakeSockets } from '../../../testing/fake-socket';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { PROCESSING_FALLBACK_POLL_MS } from '../api/payments';
import { PaymentPage, redirectTo } from './payment-page';
import { PaymentSuccessPage } from './payment-success-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

afterEach(() => vi.restoreAllMocks());

const CODES: Record<string, { discountType: string; discountValue: number } | string> = {
  SAVE15: { discountType: 'percentage', discountValue: 15 },
  FLAT100: { discountType: 'fixed_amount', discountValue: 100 },
  OLD: 'Discount code has expired',
};

const HISTORY = [
  { id: 'p-7', serviceType: 'package_4', amountCents: 29750, status: 'paid', createdAt: '2026-05-01T12:00:00.000Z' },
  { id: 'p-6', serviceType: 'evaluation', amountCents: 7500, status: 'expired', createdAt: '2026-04-01T12:00:00.000Z' },
];

/** The services the server offers: SPEC 9's, with the evaluation priced at $75 by the trainer. */
const OFFERED: Service[] = SERVICE_TYPES.map((id) =>
  id === 'evaluation' ? { ...SERVICES[id], price: 75 } : SERVICES[id],
);

function serve(over: { checkout?: Response; cancel?: Promise<Response>; services?: Service[] } = {}) {
  return stubApi((call: ApiCall) => {
    if (call.url === '/api/services') return json(200, { services: over.services ?? OFFERED });
    if (call.url.startsWith('/api/payments/discount')) {
      const code = new URL(call.url, 'http://x').searchParams.get('code') as string;
      const found = CODES[code];
      if (found === undefined) return json(400, { error: { message: 'Invalid discount code' } });
      if (typeof found === 'string') return json(400, { error: { message: found } });
      return json(200, { code, ...found });
    }
    if (call.url === '/api/payments/checkout') {
      return over.checkout ?? json(201, { paymentId: 'p-1', url: 'http://127.0.0.1:12111/checkout/cs_test_1' });
    }
    if (call.url.startsWith('/api/payments/referral')) {
      const code = new URL(call.url, 'http://x').searchParams.get('code') as string;
      if (code !== 'AVERY123') return json(400, { error: { message: 'Invalid referral code' } });
      return json(200, { code, discountPercentage: 10 });
    }
    if (call.url === '/api/public/referrals/click') return json(202, { received: true });
    if (call.url.endsWith('/cancel')) return over.cancel ?? json(200, { id: 'p-0', status: 'expired' });
    if (call.url.startsWith('/api/me/payments?')) return json(200, { items: HISTORY, cursor: null });
    return json(404, { error: { message: 'Not found' } });
  });
}

const renderPay = (url = '/payment') => renderAt(url, '/payment', <PaymentPage />);
describe('payment', () => {
  it('shows the services with the evaluation chosen and its price in the summary', async () => {
    serve();
    renderPay();
    expect(screen.getByRole('heading', { name: 'Complete Your Payment' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Initial Evaluation – \$75\.00/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /8-Session Package – \$640\.00/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $75.00' })).toBeInTheDocument();
  });

  it('lists the services the server offers (a free one as Free, one the trainer added) and pays for the chosen id', async () => {
    const calls = serve({
      services: [
        SERVICES.evaluation,
        SERVICES.package_4,
        {
          id: 'puppy-class',
          name: 'Puppy Class',
          description: 'Six group classes',
          price: 49.99,
          credits: 6,
          retired: false,
        },
      ],
    });
    const go = vi.spyOn(redirectTo, 'go').mockImplementation(() => {});
    renderPay('/payment?service=package_8');
    // package_8 is not offered: the evaluation, free, is chosen.
    expect(await screen.findByRole('radio', { name: /Initial Evaluation – Free/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $0.00' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByRole('radio', { name: /8-Session Package/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Puppy Class – \$49\.99/ }));
    expect(screen.getByText('Six group classes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $49.99' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/payments/checkout',
      body: { serviceType: 'puppy-class' },
    });
  });

  it('sells a priced class for one dog from a class link: its price, the same codes, the class in the checkout', async () => {
    const go = vi.spyOn(redirectTo, 'go').mockImplementation(() => {});
    const calls = stubApi((call: ApiCall) => {
      if (call.url === '/api/classes/c-9')
        return json(200, { class: { id: 'c-9', title: 'Puppy Manners', credits: 6, price: 180 } });
      if (call.url === '/api/dogs/d-1') return json(200, { dog: { id: 'd-1', name: 'Maple' } });
      if (call.url === '/api/payments/discount?code=SAVE15')
        return json(200, { code: 'SAVE15', ...(CODES.SAVE15 as object) });
      if (call.url === '/api/payments/checkout')
        return json(201, { paymentId: 'p-2', url: 'http://127.0.0.1:12111/checkout/cs_2' });
      return json(200, { items: [], cursor: null });
    });
    renderPay('/payment?class=c-9&dog=d-1&discount=SAVE15');
    expect(await screen.findByRole('heading', { name: 'Your class' })).toBeInTheDocument();
    expect(await screen.findByText('Maple')).toBeInTheDocument();
    expect(screen.getByText('$180.00 or 6 credits')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $153.00' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1:12111/checkout/cs_2'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/payments/checkout',
      body: { classId: 'c-9', dogId: 'd-1', discountCode: 'SAVE15' },
    });
    expect(calls.some((c) => c.url === '/api/services')).toBe(false);
  });

  it('says so when the services cannot be loaded, and offers no Pay until they are', async () => {
    stubApi((call: ApiCall) =>
      call.url === '/api/services' ? json(500, { error: { message: 'boom' } }) : json(200, { items: [], cursor: null }),
    );
    renderPay();
    expect(await screen.findByText('Error loading services')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  });

  it('preselects the service and applies the discount from the query', async () => {
    const calls = serve();
    renderPay('/payment?service=package_4&discount=save15');
    expect(await screen.findByRole('radio', { name: /4-Session Package/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay $297.50' })).toBeInTheDocument();
    expect(screen.getByText('Discount (SAVE15)')).toBeInTheDocument();
    expect(screen.getByText('−$52.50')).toBeInTheDocument();
    expect(calls.map((c) => c.url).filter((u) => u.includes('discount'))).toEqual([
      '/api/payments/discount?code=SAVE15',
    ]);
  });

  it('applies a code with a toast, floors a fixed discount at 0, and shows the spec texts for a refused code', async () => {
    serve();
    renderPay();
    await userEvent.type(await screen.findByLabelText('Discount code'), 'flat100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount code applied successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $0.00' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Discount code'));
    await userEvent.type(screen.getByLabelText('Discount code'), 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount code has expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $75.00' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Discount code'));
    await userEvent.type(screen.getByLabelText('Discount code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid discount code')).toBeInTheDocument();
  });

  it('Pay sends the service and code (no amount) and goes to the checkout URL', async () => {
    const calls = serve();
    const go = vi.spyOn(redirectTo, 'go').mockImplementation(() => {});
    renderPay('/payment?discount=SAVE15');
    await screen.findByRole('button', { name: 'Pay $63.75' });
    await userEvent.click(screen.getByRole('radio', { name: /Single Training Session/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $85.00' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1:12111/checkout/cs_test_1'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/payments/checkout',
      body: { serviceType: 'single_session', discountCode: 'SAVE15' },
    });
  });

  it('says setup failed when the server cannot open a checkout, and processing failed otherwise', async () => {
    serve({ checkout: json(503, { error: { message: 'Payment setup failed. Please try again.' } }) });
    const first = renderPay();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $75.00' }));
    expect(await screen.findByText('Payment setup failed. Please try again.')).toBeInTheDocument();
    first.unmount();
    serve({ checkout: json(500, { error: { message: 'boom' } }) });
    renderPay();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $75.00' }));
    expect(await screen.findByText('Payment processing failed. Please try again.')).toBeInTheDocument();
  });

  it('coming back from a cancelled checkout closes it and keeps the selection', async () => {
    const calls = serve();
    renderPay('/payment?service=intensive&cancelled=p-0');
    expect(await screen.findByRole('radio', { name: /Intensive Program/ })).toBeChecked();
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/me/payments/p-0/cancel' }),
    );
  });

  it("checks the link's codes only once the cancelled checkout has given its held use and referral back", async () => {
    let closed: (r: Response) => void = () => undefined;
    const calls = serve({ cancel: new Promise((resolve) => (closed = resolve)) });
    renderPay('/payment?service=package_4&discount=SAVE15&referral=AVERY123&cancelled=p-0');
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(true));
    const checks = () =>
      calls.filter((c) => c.url.startsWith('/api/payments/discount') || c.url.startsWith('/api/payments/referral'));
    expect(checks()).toHaveLength(0);
    closed(json(200, { id: 'p-0', status: 'expired' }));
    expect(await screen.findByText('Discount (SAVE15)')).toBeInTheDocument();
    await vi.waitFor(() => expect(checks()).toHaveLength(2));
  });
});

describe('referral code at payment', () => {
  it('a referral link fills the code, counts the click and takes 10% off with the spec text', async () => {
    const calls = serve();
    const go = vi.spyOn(redirectTo, 'go').mockImplementation(() => {});
    renderPay('/payment?referral=avery123&referral_id=r-1');
    expect(await screen.findByText("Referral code applied! You'll receive a discount.")).toBeInTheDocument();
    expect(screen.getByLabelText('Referral code')).toHaveValue('AVERY123');
    expect(screen.getByText('Referral discount (AVERY123)')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/public/referrals/click')).toMatchObject({
      method: 'POST',
      body: { code: 'avery123', referralId: 'r-1' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pay $67.50' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/payments/checkout')).toMatchObject({
      body: { serviceType: 'evaluation', referralCode: 'AVERY123' },
    });
  });

  it('a discount code replaces the referral discount; an unknown referral code is refused with the spec text', async () => {
    serve();
    renderPay('/payment?referral=AVERY123');
    await screen.findByRole('button', { name: 'Pay $67.50' });
    await userEvent.type(screen.getByLabelText('Discount code'), 'save15');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Pay $63.75' })).toBeInTheDocument();
    expect(screen.getByText('Discount (SAVE15)')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Referral code'));
    await userEvent.type(screen.getByLabelText('Referral code'), 'nobody1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Invalid referral code')).toBeInTheDocument();
  });
});

describe('payment history', () => {
  it("lists the client's payments with service, amount and status", async () => {
    serve();
    renderPay();
    const table = await screen.findByRole('table', { name: 'Payment history' });
    const paid = (await within(table).findByText('4-Session Package')).closest('tr') as HTMLElement;
    expect(within(paid).getByText('$297.50')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    const expired = within(table).getByText('Initial Evaluation').closest('tr') as HTMLElement;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
  });
});

describe('payment return page', () => {
  it('turns paid live when the realtime notice arrives, without asking the server again', async () => {
    const stored: Partial<Payment> = { id: 'p-1', serviceType: 'evaluation', amountCents: 6375, status: 'pending' };
    const calls = stubApi(() => json(200, stored));
    const sockets = fakeSockets();
    renderAt(
      '/payment/success?payment=p-1',
      '/payment/success',
      <RealtimeProvider
        url="ws://realtime.test"
        getToken={async () => 'id-token-123'}
        enabled
        createSocket={sockets.create}
      >
        <PaymentSuccessPage />
      </RealtimeProvider>,
    );
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    const socket = await sockets.sole();
    act(() => socket.open());
    const reads = () => calls.filter((c) => c.url.startsWith('/api/me/payments/p-1')).length;
    await vi.waitFor(() => expect(reads()).toBe(2)); // read again once the link is open
    const paid = { ...stored, status: 'paid', paidAt: '2026-06-01T12:00:00.000Z' };
    act(() => socket.push({ type: 'payment.paid', payment: { ...paid, id: 'p-other' } }));
    expect(screen.getByText('Processing')).toBeInTheDocument();
    act(() => socket.push({ type: 'payment.paid', payment: paid }));
    expect(await screen.findByText('Thank you! Your payment was received.')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it('asks again slowly only while the realtime link is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let stored: Partial<Payment> = { id: 'p-1', serviceType: 'evaluation', amountCents: 6375, status: 'pending' };
      stubApi(() => json(200, stored));
      renderAt('/payment/success?payment=p-1', '/payment/success', <PaymentSuccessPage />);
      expect(await screen.findByText('Processing')).toBeInTheDocument();
      stored = { ...stored, status: 'paid', paidAt: '2026-06-01T12:00:00.000Z' };
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PROCESSING_FALLBACK_POLL_MS + 100);
      });
      expect(await screen.findByText('Thank you! Your payment was received.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
