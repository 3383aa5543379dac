// Builds seeds/demo.json (run: `npx tsx test/gateway/seeds/demo-seed.builder.ts`). The JSON is what ships;
// this script only exists so the 160 paging keys and their stable values are not written by hand.
import { writeFileSync } from 'node:fs';
import type { SeedInput } from '../seed.schema';
import { ALL_SCOPES, deterministicKey, parseSeed } from '../seed.schema';

type KeyInput = NonNullable<NonNullable<SeedInput['users']>[number]['keys']>[number];

const CREATED = 1_760_000_000; // 2025-10-09
const PAST = 1_767_225_600; // 2026-01-01, already passed
const NEXT_YEAR = 1_798_761_600; // 2027-01-01
const FAR = 1_893_456_000; // 2030-01-01

function key(userId: number, id: number, fields: Omit<KeyInput, 'id' | 'key'>): KeyInput {
  return {
    id,
    user_id: userId,
    key: deterministicKey(userId, id),
    created_time: CREATED + id * 3600,
    accessed_time: CREATED + id * 3600 + 600,
    expired_time: -1,
    ...fields,
  };
}

const aliceKeys: KeyInput[] = [
  key(1, 1, { name: 'primary', remain_quota: 10_000_000, used_quota: 2_500_000 }),
  key(1, 2, { name: 'disabled-key', status: 2, remain_quota: 5_000_000, used_quota: 100_000 }),
  key(1, 3, { name: 'expired-key', status: 3, expired_time: PAST, remain_quota: 3_000_000, used_quota: 500_000 }),
  key(1, 4, { name: 'exhausted-key', remain_quota: 0, used_quota: 5_000_000 }),
  key(1, 5, { name: 'unlimited-overdrawn', unlimited_quota: true, remain_quota: -1_250_000, used_quota: 6_250_000 }),
  key(1, 6, {
    name: 'model-limited',
    remain_quota: 2_000_000,
    model_limits_enabled: true,
    model_limits: 'gpt-4o-mini,deepseek-chat',
  }),
  key(1, 7, { name: 'ip-limited', remain_quota: 2_000_000, allow_ips: '10.0.0.8,192.168.1.20' }),
  key(1, 8, { name: 'vip-key', group: 'vip', remain_quota: 20_000_000, used_quota: 7_500_000, expired_time: FAR }),
  key(1, 9, { name: 'group-denied', group: '企业', remain_quota: 1_000_000 }),
  key(1, 10, { name: 'expiring-soon', remain_quota: 4_000_000, expired_time: NEXT_YEAR }),
  key(1, 11, { name: 'shared-name', remain_quota: 1_000_000 }),
  key(1, 12, { name: 'shared-name', remain_quota: 2_000_000, used_quota: 250_000 }),
  ...Array.from({ length: 160 }, (_, i) =>
    key(1, 13 + i, {
      name: `bulk-${String(i + 1).padStart(3, '0')}`,
      remain_quota: 500_000 * ((i % 7) + 1),
      used_quota: (i + 1) * 1_000,
    }),
  ),
];

const seed: SeedInput = {
  settings: {
    propagation_delay_s: 15,
    max_remain_quota: 2147483647,
    fuzzy_search_key_cap: 1000,
    login_token_ttl_s: 86400,
  },
  groups: {
    default: {
      desc: '默认分组',
      ratio: 1,
      models: ['gpt-4o-mini', 'gpt-4o', 'deepseek-chat', 'text-embedding-3-small'],
    },
    vip: { desc: 'VIP 分组', ratio: 1.5, models: ['gpt-4o-mini', 'gpt-4o', 'o3', 'claude-sonnet-4'] },
    企业: { desc: '企业专线', ratio: 0.8, models: ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4', 'deepseek-chat'] },
  },
  models: [
    {
      id: 'gpt-4o-mini',
      owned_by: 'openai',
      created: 1_721_172_741,
      supported_endpoint_types: ['openai'],
      price: 1_500,
    },
    { id: 'gpt-4o', owned_by: 'openai', created: 1_715_367_049, supported_endpoint_types: ['openai'], price: 25_000 },
    { id: 'o3', owned_by: 'openai', created: 1_744_225_308, supported_endpoint_types: ['openai'], price: 50_000 },
    {
      id: 'claude-sonnet-4',
      owned_by: 'anthropic',
      created: 1_747_958_400,
      supported_endpoint_types: ['anthropic', 'openai'],
      price: 30_000,
    },
    {
      id: 'deepseek-chat',
      owned_by: 'deepseek',
      created: 1_735_689_600,
      supported_endpoint_types: ['openai'],
      price: 2_000,
    },
    {
      id: 'text-embedding-3-small',
      owned_by: 'openai',
      created: 1_705_948_997,
      supported_endpoint_types: ['embeddings'],
      price: 100,
    },
  ],
  users: [
    {
      id: 1,
      username: 'alice',
      display_name: 'Alice Chen',
      email: 'alice@example.com',
      group: 'default',
      quota: 60_000_000,
      used_quota: 25_000_000,
      request_count: 1834,
      aff_code: 'AL1c',
      aff_count: 2,
      aff_quota: 500_000,
      aff_history_quota: 1_500_000,
      password: 'demo-password-1',
      access_tokens: [
        {
          token: 'demo-access-token-alice',
          scopes: [...ALL_SCOPES],
        },
      ],
      usable_groups: ['default', 'vip'],
      subscription: {
        billing_preference: 'subscription_first',
        subscriptions: [{ id: 7, plan: 'Pro monthly', quota: 50_000_000, used_quota: 12_000_000, expires_at: FAR }],
        all_subscriptions: [
          { id: 7, plan: 'Pro monthly', quota: 50_000_000, used_quota: 12_000_000, expires_at: FAR },
          { id: 3, plan: 'Starter', quota: 5_000_000, used_quota: 5_000_000, expires_at: PAST },
        ],
      },
      keys: aliceKeys,
    },
    {
      id: 2,
      username: 'bob',
      display_name: '王小明',
      email: 'bob@example.cn',
      group: '企业',
      quota: 250_000_000,
      used_quota: 40_000_000,
      request_count: 9120,
      aff_code: 'B0bW',
      inviter_id: 1,
      password: 'demo-password-2',
      access_tokens: [{ token: 'demo-access-token-bob-readonly', scopes: ['api_key:read', 'wallet:read'] }],
      usable_groups: ['default', '企业'],
      keys: [
        key(2, 201, { name: 'bob-main', group: '企业', remain_quota: 100_000_000, used_quota: 12_000_000 }),
        key(2, 202, { name: 'bob-default', group: 'default', remain_quota: 10_000_000 }),
        key(2, 203, { name: 'bob-disabled', status: 2, remain_quota: 10_000_000 }),
      ],
    },
    {
      id: 3,
      username: 'carol',
      display_name: 'Carol Admin',
      email: 'carol@example.com',
      role: 10,
      group: 'default',
      quota: 15_000_000,
      used_quota: 3_000_000,
      access_tokens: [
        {
          token: 'demo-access-token-carol',
          scopes: [...ALL_SCOPES],
        },
      ],
      keys: [key(3, 301, { name: 'carol-key', remain_quota: 5_000_000, used_quota: 1_000_000 })],
    },
    {
      id: 4,
      username: 'dave',
      display_name: 'Dave (disabled)',
      status: 2,
      group: 'default',
      quota: 5_000_000,
      password: 'demo-password-4',
      access_tokens: [{ token: 'demo-access-token-dave', scopes: [...ALL_SCOPES] }],
      keys: [key(4, 401, { name: 'dave-key', remain_quota: 1_000_000 })],
    },
  ],
};

parseSeed(seed); // fail here rather than ship an invalid file
writeFileSync(new URL('./demo.json', import.meta.url), `${JSON.stringify(seed, null, 2)}\n`);
