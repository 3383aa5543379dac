// The real, unmodified `openai` package lists models and chats against the emulator.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { bind, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());

describe('openai client', () => {
  it('lists models and completes a chat', async () => {
    const client = new OpenAI({ baseURL: `${gw.api_url}/v1`, apiKey: `sk-${h.keyOf(1)}`, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['gpt-4o-mini', 'gpt-4o', 'deepseek-chat', 'text-embedding-3-small']);
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'ping' }],
    });
    expect(reply.choices[0]?.message.content).toContain('ping');
    expect(reply.usage?.total_tokens).toBeGreaterThan(0);
    expect((await h.admin('/keys/1')).body.used_quota).toBe(2_500_000 + 1_500);
  });

  it('surfaces a bad key as an authentication error and a missing channel as 503', async () => {
    const bad = new OpenAI({ baseURL: `${gw.api_url}/v1`, apiKey: 'sk-invalid', maxRetries: 0 });
    await expect(bad.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const good = new OpenAI({ baseURL: `${gw.api_url}/v1`, apiKey: h.keyOf(1), maxRetries: 0 });
    await expect(
      good.chat.completions.create({ model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 503, code: 'model_not_found', type: 'server_error' });
  });
});
