// Pure builders of what each tool reads for one key: deep links (Cherry Studio, CC Switch) and snippets (.env, curl,
// OpenAI SDKs, Claude Code settings, Codex config). Called once with a masked key for the preview and once with the
// full key on send, so the user sees exactly what goes, minus the secret.
import { createHash } from 'node:crypto';
import type { HandoffKind, HandoffTarget } from '../../../src-shared/contract';
import { raise } from '../../errors';
import { dotenvValue, jsonString, pythonString, shellWord, tomlKey, tomlString } from './quoting';

export interface HandoffInput {
  /** Keydesk's own id of the key's account: what makes the provider's id in a target this account's alone. */
  readonly accountId: string;
  /** The key with its sk- prefix (or the masked key, for the preview). */
  readonly apiKey: string;
  /** The account's site (its web console), for CC Switch's homepage. */
  readonly siteUrl: string;
  /** The account's API URL without /v1 and without a trailing slash. */
  readonly apiUrl: string;
  /** The account's label: the provider's name in the target. */
  readonly name: string;
  /** Whether the key can call Claude models (null: unknown). */
  readonly servesClaude: boolean | null;
  /** A model the key can call, for the examples (null: unknown, a placeholder is written). */
  readonly openaiModel: string | null;
  readonly claudeModel: string | null;
}

export interface BuiltDocument {
  readonly place: string;
  readonly fileName: string;
  readonly text: string;
  /** Links: the payload in readable form (Cherry Studio's is base64). */
  readonly detail: string | null;
}

export interface BuiltHandoff {
  readonly kind: HandoffKind;
  readonly documents: readonly BuiltDocument[];
}

export const MODEL_PLACEHOLDER = 'MODEL_NAME';

/** OpenAI-style clients call `{base}/chat/completions`, `{base}/responses`: the base carries /v1. */
export const openaiBase = (apiUrl: string): string => `${apiUrl}/v1`;
/** Anthropic-style clients (Claude Code, CC Switch's claude app) append /v1/messages themselves: no suffix. */
export const anthropicBase = (apiUrl: string): string => apiUrl;

/** `sk-abcd…wxyz`: enough to recognise the key, never enough to use it. */
export function maskKey(key: string): string {
  const body = key.startsWith('sk-') ? key.slice(3) : key;
  if (body.length < 12) return 'sk-…';
  return `sk-${body.slice(0, 4)}…${body.slice(-4)}`;
}

/**
 * The provider's id in a target's own table, one per Keydesk account: Cherry Studio finds the provider to add a key
 * to by this id alone and then replaces that provider's base address with the link's (cherry-studio
 * src/renderer/src/pages/settings/ProviderSettings/UrlSchemaInfoPopup.tsx @ 02600a9d: `providers.find((p) => p.id
 * === id)`, `apiHost: baseUrlChanged ? baseUrl : …`), and Codex keys `[model_providers.<id>]` by it. Two accounts
 * sharing an id would put one site's key under another site's address. So the id ends with a digest of the
 * account's id (stable while the account exists, whatever its name becomes) and reads as the site's host before it:
 * ASCII however the account is named (a host is ASCII, a Chinese name is not), lowercase letters, digits and `-`,
 * which TOML bare keys and Cherry's ids both accept. CC Switch takes no id from its link (it makes its own from the
 * name and the time: cc-switch src-tauri/src/deeplink/provider.rs @ 019155a7), so its links need none.
 */
export function providerId(accountId: string, siteUrl: string): string {
  let host = '';
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    // Not an address: the digest alone still tells the accounts apart.
  }
  const slug = host
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const digest = createHash('sha256').update(accountId, 'utf8').digest('hex').slice(0, 8);
  return slug === '' ? `keydesk-${digest}` : `keydesk-${slug}-${digest}`;
}

/** A value the format cannot carry as it is: the snippet is refused (with the variable named), never bent. */
const unrepresentable = (name: string): never =>
  raise({ code: 'validation', reason: 'handoff.env_unrepresentable', params: { name } });
const env = (name: string, value: string): string => `${name}=${dotenvValue(value) ?? unrepresentable(name)}`;
const sh = (value: string): string => shellWord(value) ?? unrepresentable('curl');
const toml = (value: string): string => tomlString(value) ?? unrepresentable('config.toml');
const q = jsonString;

/** Standard base64 of UTF-8, what Cherry Studio's parser decodes (Buffer.from(data, 'base64')). */
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

function cherryStudio(input: HandoffInput): BuiltHandoff {
  // Cherry Studio's parser turns ' into " and drops ( and ) before JSON.parse (providersImport.ts ParseData):
  // a name holding them would break or change, so they are left out of it.
  const name = input.name.replace(/['()]/g, '').trim() || 'Keydesk';
  const payload = {
    id: providerId(input.accountId, input.siteUrl),
    baseUrl: openaiBase(input.apiUrl),
    apiKey: input.apiKey,
    name,
    type: 'openai',
  };
  const json = JSON.stringify(payload);
  return {
    kind: 'link',
    documents: [
      {
        place: 'Cherry Studio',
        fileName: 'cherry-studio-link.txt',
        text: `cherrystudio://providers/api-keys?v=1&data=${base64(json)}`,
        detail: JSON.stringify(payload, null, 2),
      },
    ],
  };
}

function ccSwitch(input: HandoffInput, app: 'claude' | 'codex'): BuiltHandoff {
  const params = new URLSearchParams({ resource: 'provider', app, name: input.name });
  params.set('homepage', input.siteUrl);
  // CC Switch writes the endpoint verbatim: ANTHROPIC_BASE_URL for claude, Codex's base_url (which gets /responses).
  params.set('endpoint', app === 'claude' ? anthropicBase(input.apiUrl) : openaiBase(input.apiUrl));
  params.set('apiKey', input.apiKey);
  const model = app === 'claude' ? input.claudeModel : input.openaiModel;
  if (model !== null) params.set('model', model);
  const link = `ccswitch://v1/import?${params.toString()}`;
  const detail = [...params.entries()].map(([k, v]) => `${k} = ${v}`).join('\n');
  return {
    kind: 'link',
    documents: [
      {
        place: `CC Switch (${app === 'claude' ? 'Claude Code' : 'Codex'})`,
        fileName: 'cc-switch-link.txt',
        text: link,
        detail,
      },
    ],
  };
}

const snippet = (place: string, fileName: string, text: string): BuiltHandoff => ({
  kind: 'snippet',
  documents: [{ place, fileName, text, detail: null }],
});

function dotenv(input: HandoffInput): BuiltHandoff {
  // Single-quoted (dotenvValue): `source .env` runs nothing an address or a key could hold.
  const lines = [env('OPENAI_API_KEY', input.apiKey), env('OPENAI_BASE_URL', openaiBase(input.apiUrl))];
  if (input.servesClaude === true) {
    lines.push(env('ANTHROPIC_AUTH_TOKEN', input.apiKey), env('ANTHROPIC_BASE_URL', anthropicBase(input.apiUrl)));
  }
  return snippet('.env', 'keydesk.env', `${lines.join('\n')}\n`);
}

function curl(input: HandoffInput): BuiltHandoff {
  const body = JSON.stringify({
    model: input.openaiModel ?? MODEL_PLACEHOLDER,
    messages: [{ role: 'user', content: 'Hello' }],
  });
  const url = `${openaiBase(input.apiUrl)}/chat/completions`;
  const line = [
    'curl',
    sh(url),
    '-H',
    sh(`Authorization: Bearer ${input.apiKey}`),
    '-H',
    sh('Content-Type: application/json'),
    '-d',
    sh(body),
  ].join(' ');
  return snippet('curl', 'keydesk-curl.sh', `${line}\n`);
}

function openaiPython(input: HandoffInput): BuiltHandoff {
  const model = input.openaiModel ?? MODEL_PLACEHOLDER;
  const text = [
    'from openai import OpenAI',
    '',
    `client = OpenAI(api_key=${pythonString(input.apiKey)}, base_url=${pythonString(openaiBase(input.apiUrl))})`,
    'response = client.chat.completions.create(',
    `    model=${pythonString(model)},`,
    '    messages=[{"role": "user", "content": "Hello"}],',
    ')',
    'print(response.choices[0].message.content)',
    '',
  ].join('\n');
  return snippet('OpenAI SDK (Python)', 'keydesk_openai.py', text);
}

function openaiNode(input: HandoffInput): BuiltHandoff {
  const model = input.openaiModel ?? MODEL_PLACEHOLDER;
  const text = [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ apiKey: ${q(input.apiKey)}, baseURL: ${q(openaiBase(input.apiUrl))} });`,
    'const response = await client.chat.completions.create({',
    `  model: ${q(model)},`,
    "  messages: [{ role: 'user', content: 'Hello' }],",
    '});',
    'console.log(response.choices[0]?.message.content);',
    '',
  ].join('\n');
  return snippet('OpenAI SDK (TypeScript)', 'keydesk-openai.mts', text);
}

function claudeCode(input: HandoffInput): BuiltHandoff {
  // Claude Code reads `env` of ~/.claude/settings.json; ANTHROPIC_AUTH_TOKEN goes out as `Authorization: Bearer`,
  // which one-api / new-api gateways accept on their Claude-format endpoint.
  const env: Record<string, string> = {
    ANTHROPIC_BASE_URL: anthropicBase(input.apiUrl),
    ANTHROPIC_AUTH_TOKEN: input.apiKey,
  };
  if (input.claudeModel !== null) env.ANTHROPIC_MODEL = input.claudeModel;
  return snippet('~/.claude/settings.json', 'settings.json', `${JSON.stringify({ env }, null, 2)}\n`);
}

function codex(input: HandoffInput): BuiltHandoff {
  const id = providerId(input.accountId, input.siteUrl);
  // The provider block as CC Switch writes it for Codex (config.toml + auth.json with OPENAI_API_KEY).
  const config = [
    `model_provider = ${toml(id)}`,
    `model = ${toml(input.openaiModel ?? MODEL_PLACEHOLDER)}`,
    '',
    `[model_providers.${tomlKey(id) ?? toml(id)}]`,
    `name = ${toml(input.name)}`,
    `base_url = ${toml(openaiBase(input.apiUrl))}`,
    'wire_api = "responses"',
    'requires_openai_auth = true',
    '',
  ].join('\n');
  const auth = `${JSON.stringify({ OPENAI_API_KEY: input.apiKey }, null, 2)}\n`;
  return {
    kind: 'snippet',
    documents: [
      { place: '~/.codex/config.toml', fileName: 'config.toml', text: config, detail: null },
      { place: '~/.codex/auth.json', fileName: 'auth.json', text: auth, detail: null },
    ],
  };
}

export function buildHandoff(target: HandoffTarget, input: HandoffInput): BuiltHandoff {
  switch (target) {
    case 'cherry-studio':
      return cherryStudio(input);
    case 'cc-switch-claude':
      return ccSwitch(input, 'claude');
    case 'cc-switch-codex':
      return ccSwitch(input, 'codex');
    case 'env':
      return dotenv(input);
    case 'curl':
      return curl(input);
    case 'openai-python':
      return openaiPython(input);
    case 'openai-node':
      return openaiNode(input);
    case 'claude-code':
      return claudeCode(input);
    case 'codex':
      return codex(input);
  }
}

/** The link schemes Keydesk may hand to the OS: nothing else is ever opened. */
export const HANDOFF_LINK_SCHEMES: readonly string[] = ['cherrystudio:', 'ccswitch:'];
