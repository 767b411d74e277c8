import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModerationNotice } from './moderation-notice';

function serve(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModerationNotice />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ModerationNotice', () => {
  it('tells the seller which products moderation hid, with the reason', async () => {
    serve({
      suspended: false,
      suspended_reason: null,
      hidden_products: [
        { id: 4, name: 'Uhr', hidden_reason: 'Counterfeit', hidden_at: '2026-11-27T10:00:00Z' },
      ],
    });
    expect((await screen.findByText(/Uhr/)).textContent).toContain('Counterfeit');
  });

  it('shows nothing while the shop is in good standing', async () => {
    serve({ suspended: false, suspended_reason: null, hidden_products: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('moderation-notice')).toBeNull();
  });
});

describe('ModerationNotice for a shop awaiting approval', () => {
  it('says the shop awaits approval and that products appear once approved', async () => {
    serve({ awaiting_approval: true, suspended: false, suspended_reason: null, hidden_products: [] });
    const notice = await screen.findByTestId('moderation-notice');
    expect(notice.textContent).toContain('Your shop is awaiting approval by Marktgasse');
    expect(notice.textContent).toContain('your products appear to shoppers once approved');
  });
});
