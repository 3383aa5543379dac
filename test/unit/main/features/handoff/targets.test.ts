// Each handoff target's text, read back by a re-implementation of that target's own parser
// (test/support/handoff-parsers.ts): the key, base URL with the right suffix and provider land where the tool reads them.
import { describe, expect, it } from 'vitest';
import { HANDOFF_TARGETS } from '../../../../../src-shared/contract';
import {
  anthropicBase,
  buildHandoff,
  maskKey,
  openaiBase,
  providerId,
  type HandoffInput,
} from '../../../../../src-main/features/handoff/targets';
import {
  parseCcSwitchLink,
  parseCherryStudioLink,
  parseCurl,
  parseDotenv,
  parseOpenAiPython,
  parseTomlSubset,
} from '../../../../support/handoff-parsers';

// Chosen so its base64 payload holds both + and / (the characters Cherry Studio's parser swaps around).
const KEY = 'sk-Ab3dEf9hIj0kLmNoPq+rStUvWxYz012345/6789abcdEFGH';
const ACCOUNT = '4b1f0c8e-5d1a-4c2e-9a57-0c4f3f4b1a2d';
const input: HandoffInput = {
  accountId: ACCOUNT,
  apiKey: KEY,
  siteUrl: 'https://gw.example.com',
  apiUrl: 'https://api.example.com',
  name: "Bob's (test) site",
  servesClaude: true,
  openaiModel: 'gpt-4o-mini',
  claudeModel: 'claude-sonnet-4',
};
const only = (target: (typeof HANDOFF_TARGETS)[number], over: Partial<HandoffInput> = {}) => {
  const built = buildHandoff(target, { ...input, ...over });
  expect(built.documents.length).toBeGreaterThan(0);
  return built.documents.map((d) => d.text);
};

describe('handoff targets', () => {
  it('masks a key to its first and last four characters', () => {
    expect(maskKey('sk-abcdefghijklmnopwxyz')).toBe('sk-abcd…wxyz');
    expect(maskKey('abcdefghijklmnopwxyz')).toBe('sk-abcd…wxyz');
    expect(maskKey('sk-short')).toBe('sk-…');
  });

  it('uses /v1 for OpenAI-style clients and no suffix for Anthropic-style ones', () => {
    expect(openaiBase('https://a.example')).toBe('https://a.example/v1');
    expect(anthropicBase('https://a.example')).toBe('https://a.example');
  });

  it('names a provider after its site and account: readable, ASCII, the same on every send', () => {
    const id = providerId(ACCOUNT, 'https://gw.example.com');
    expect(id).toMatch(/^keydesk-gw-example-com-[0-9a-f]{8}$/);
    expect(providerId(ACCOUNT, 'https://gw.example.com/')).toBe(id);
    expect(providerId('another-account', 'https://gw.example.com')).not.toBe(id);
    // An internationalised host is written as the URL writes it (punycode); no address at all keeps the digest.
    expect(providerId(ACCOUNT, 'https://中文网关.example')).toMatch(/^keydesk-xn-[a-z0-9-]+-[0-9a-f]{8}$/);
    expect(providerId(ACCOUNT, 'not an address')).toMatch(/^keydesk-[0-9a-f]{8}$/);
  });

  it('two accounts with Chinese names stay two providers in Cherry Studio, each with its own site', () => {
    // Cherry Studio's import as its source does it: find the provider by id, add the key, take the link's address.
    const providers = new Map<string, { apiHost: string; keys: string[] }>();
    const importLink = (link: string) => {
      const data = parseCherryStudioLink(link);
      const found = providers.get(data.id);
      providers.set(data.id, { apiHost: data.baseUrl, keys: [...(found?.keys ?? []), data.apiKey] });
    };
    const accounts = [
      { accountId: 'a-1', name: '我的中转站', siteUrl: 'https://gw.example.com', apiUrl: 'https://gw.example.com' },
      { accountId: 'a-2', name: '备用中转', siteUrl: 'https://other.example', apiUrl: 'https://api.other.example' },
      // The same site under a second account of the user's: still its own provider.
      { accountId: 'a-3', name: '我的中转站', siteUrl: 'https://gw.example.com', apiUrl: 'https://gw.example.com' },
    ];
    accounts.forEach((account, i) => {
      importLink(only('cherry-studio', { ...account, apiKey: `${KEY}${i}` })[0] ?? '');
    });
    expect([...providers.values()]).toEqual([
      { apiHost: 'https://gw.example.com/v1', keys: [`${KEY}0`] },
      { apiHost: 'https://api.other.example/v1', keys: [`${KEY}1`] },
      { apiHost: 'https://gw.example.com/v1', keys: [`${KEY}2`] },
    ]);
    // Codex's provider tables too.
    const codexIds = accounts.map((account) => parseTomlSubset(only('codex', account)[0] ?? '').model_provider);
    expect(new Set(codexIds).size).toBe(3);
  });

  it('Cherry Studio reads its provider from the link, + and / in the base64 included', () => {
    const [link = ''] = only('cherry-studio', { name: "Bob's (test) site ~~~???>>>" });
    const data = link.split('&data=')[1] ?? '';
    expect(data).toMatch(/\+/);
    expect(data).toMatch(/\//);
    const provider = parseCherryStudioLink(link);
    expect(provider).toEqual({
      id: providerId(ACCOUNT, input.siteUrl),
      apiKey: KEY,
      baseUrl: 'https://api.example.com/v1',
      type: 'openai',
      name: 'Bobs test site ~~~???>>>',
    });
  });

  it('CC Switch reads a Claude provider (no suffix) and a Codex provider (/v1)', () => {
    const claude = parseCcSwitchLink(only('cc-switch-claude')[0] ?? '');
    expect(claude.settings).toEqual({
      env: {
        ANTHROPIC_AUTH_TOKEN: KEY,
        ANTHROPIC_BASE_URL: 'https://api.example.com',
        ANTHROPIC_MODEL: 'claude-sonnet-4',
      },
    });
    expect(claude.name).toBe(input.name);
    const codex = parseCcSwitchLink(only('cc-switch-codex')[0] ?? '');
    expect(codex.settings).toEqual({
      auth: { OPENAI_API_KEY: KEY },
      base_url: 'https://api.example.com/v1',
      model: 'gpt-4o-mini',
    });
  });

  it('.env carries the Anthropic pair only where the key serves Claude models', () => {
    expect(parseDotenv(only('env')[0] ?? '')).toEqual({
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: 'https://api.example.com/v1',
      ANTHROPIC_AUTH_TOKEN: KEY,
      ANTHROPIC_BASE_URL: 'https://api.example.com',
    });
    for (const servesClaude of [false, null]) {
      expect(Object.keys(parseDotenv(only('env', { servesClaude })[0] ?? ''))).toEqual([
        'OPENAI_API_KEY',
        'OPENAI_BASE_URL',
      ]);
    }
  });

  it('curl sends the key as a bearer token to chat completions, even with a quote in the model name', () => {
    const request = parseCurl(only('curl', { openaiModel: "it's" })[0] ?? '');
    expect(request.url).toBe('https://api.example.com/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(request.body ?? '')).toMatchObject({ model: "it's" });
  });

  it('the OpenAI SDK snippets carry the key, the /v1 base and a model the key can call', () => {
    expect(parseOpenAiPython(only('openai-python')[0] ?? '')).toEqual({
      apiKey: KEY,
      baseUrl: 'https://api.example.com/v1',
      model: 'gpt-4o-mini',
    });
    const ts = only('openai-node', { openaiModel: null })[0] ?? '';
    expect(ts).toContain(`apiKey: ${JSON.stringify(KEY)}, baseURL: "https://api.example.com/v1"`);
    expect(ts).toContain('model: "MODEL_NAME"');
  });

  it('Claude Code reads its env block; Codex its provider table and auth.json', () => {
    const settings = JSON.parse(only('claude-code')[0] ?? '') as { env: Record<string, string> };
    expect(settings.env).toMatchObject({ ANTHROPIC_BASE_URL: 'https://api.example.com', ANTHROPIC_AUTH_TOKEN: KEY });
    const [toml = '', auth = ''] = only('codex');
    const config = parseTomlSubset(toml);
    const id = config.model_provider as string;
    expect(id).toBe(providerId(ACCOUNT, input.siteUrl));
    expect((config.model_providers as Record<string, unknown>)[id]).toEqual({
      name: input.name,
      base_url: 'https://api.example.com/v1',
      wire_api: 'responses',
      requires_openai_auth: true,
    });
    expect(JSON.parse(auth)).toEqual({ OPENAI_API_KEY: KEY });
  });

  it('the masked build never contains the key', () => {
    for (const target of HANDOFF_TARGETS) {
      const built = buildHandoff(target, { ...input, apiKey: maskKey(KEY) });
      for (const d of built.documents) {
        expect(d.text).not.toContain(KEY.slice(3, 20));
        expect(d.detail ?? '').not.toContain(KEY.slice(3, 20));
      }
    }
  });
});
