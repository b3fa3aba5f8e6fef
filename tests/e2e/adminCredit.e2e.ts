import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { listingBody } from '../support/listingBody';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { hasChromium } from './browser';

// A double payment (issue 15, item 2): the provider completed a payment for a listing already paid,
// so the payer holds refundable account credit (spec section 9), which administrators see.

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const ADMIN = { email: 'admin@motokari.test', password: 'admin-password-1' };

describe.skipIf(!hasChromium)('refundable credit on the admin screen in Chromium', () => {
  const app = appInBrowser({ admin: ADMIN });

  async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(app.server.url + url, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  it("shows the payer's credit from a payment the provider completed twice", async () => {
    const email = `double-${randomUUID()}@example.co.zw`;
    const signup = await call<{ access_token: string }>('POST', '/api/auth/signup', null, {
      name: 'Chipo Twice',
      email,
      phone: '+263 77 100 2000',
      location: 'Harare, Zimbabwe',
      password: 'kombi-123',
      user_type: 'private',
    });
    expect(signup.status).toBe(201);
    const token = signup.body.access_token;
    const v = (await call<Vehicle>('POST', '/api/vehicles', token, listingBody({}))).body;
    const open = (msisdn: string) => call<{ transaction_id: string }>('POST', '/api/payments/ecocash/create', token, { vehicle_id: v.id, payment_method: 'ecocash', customer_msisdn: msisdn });
    const first = (await open('0771234567')).body.transaction_id;
    const second = (await open('0772345678')).body.transaction_id;
    expect((await call('POST', `/api/payments/ecocash/confirm/${second}`, token, { pin: '1234' })).status).toBe(200);
    expect((await call('POST', `/api/payments/ecocash/confirm/${first}`, token, { pin: '1234' })).status).toBe(200);

    const admin = await call<{ access_token: string; user: User }>('POST', '/api/auth/login', null, ADMIN);
    for (const viewport of [DESKTOP, PHONE]) {
      await app.inContext({ viewport }, async (context) => {
        await signedIn(context, { token: admin.body.access_token, user: admin.body.user });
        const page = await app.open(context, '/admin', 'Total users');
        await page.getByRole('tab', { name: /^Users/ }).click();
        const main = page.getByRole('main');
        if (viewport === DESKTOP) {
          await main.getByRole('columnheader', { name: 'Credit' }).waitFor();
          const row = main.getByRole('row').filter({ hasText: email });
          await row.getByRole('cell', { name: '$1', exact: true }).waitFor();
        } else {
          const card = main.getByRole('listitem').filter({ hasText: email });
          await card.getByText('Credit $1 (double payment)').waitFor();
        }
      });
    }
  });
});
