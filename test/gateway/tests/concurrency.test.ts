// Mutations are serialised: 200 concurrent calls and creates leave exact totals and sequential ids.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/restrict-plus-operands --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { ALICE, bind, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());

describe('200 concurrent requests', () => {
  it('charges every concurrent call exactly once', async () => {
    const before = (await h.admin('/users/1')).body;
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        h.api('/v1/chat/completions', { token: h.keyOf(5), body: { model: 'gpt-4o-mini', messages: [] } }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect((await h.admin('/keys/5')).body.used_quota).toBe(6_250_000 + 200 * 1_500);
    const after = (await h.admin('/users/1')).body;
    expect(after.quota).toBe(before.quota - 200 * 1_500);
    expect(after.request_count).toBe(before.request_count + 200);
  });

  it('gives 200 concurrent creates distinct sequential ids and keys', async () => {
    const body = { name: 'burst', remain_quota: 1, unlimited_quota: false, expired_time: -1 };
    const replies = await Promise.all(Array.from({ length: 200 }, () => h.base('/api/token/', { token: ALICE, body })));
    expect(replies.every((r) => r.body.success === true)).toBe(true);
    const found = await h.base('/api/token/search?keyword=burst&size=100&p=1', { token: ALICE });
    expect(found.body.data.total).toBe(200);
    const ids = Array.from({ length: 200 }, (_, i) => 402 + i);
    expect(new Set(ids.map((id) => h.keyOf(id))).size).toBe(200);
  });
});
