// The site's own quota warning on the emulator, as new-api's source has it (test/gateway/user-setting.routes.ts):
// Keydesk shows what the site holds without a secret, writes its low-balance threshold with the chosen channel, and
// what comes back is what the site stored — every other setting the endpoint can carry as it was (a webhook secret the
// user never retyped, both preferences), the two the endpoint cannot carry named beforehand. rc.41 asks a scoped token
// for profile:write; eras without user settings say so and send nothing that changes anything.
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountDraft, SiteNotifyView } from '../../../src-shared/contract';
import { NotifyService } from '../../../src-main/features/notify/notify.service';
import { parseSetting } from '../../../src-main/gateway/user-setting';
import type { Gateway } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { ALICE_TOKEN, BOB_TOKEN } from '../gateway/setup';
import { draftFor, eraApp, eraSeed, signedIn, startEra, type EraApp } from '../eras/setup';

const STORED = {
  notify_type: 'webhook',
  quota_warning_threshold: 100_000,
  webhook_url: 'https://hooks.example.com/keydesk/fake-path',
  webhook_secret: 'fake-webhook-secret',
  gotify_priority: 0,
  accept_unset_model_ratio_model: true,
  record_ip_log: true,
  sidebar_modules: '{"chat":{"enabled":true}}',
  language: 'zh',
};
const WRITE_TOKEN = 'nap_fake-profile-write-token-00000000000000000000';
const READ_TOKEN = 'nap_fake-profile-read-token-000000000000000000000';
const LOW = 5_000_000;

const opened: { gw: Gateway; app: EraApp }[] = [];
afterAll(async () => {
  for (const { gw, app } of opened) {
    await app.close();
    await gw.close();
  }
});

async function era(profile: ProfileName, withSetting = true) {
  const seed = eraSeed(profile);
  const users = (seed.users ?? []).map((u) =>
    u.id === 1
      ? {
          ...u,
          email: 'alice@example.com',
          ...(withSetting ? { setting: JSON.stringify(STORED) } : {}),
          access_tokens: [
            ...(u.access_tokens ?? []),
            {
              token: WRITE_TOKEN,
              scopes: ['profile:read' as const, 'profile:write' as const, 'api_key:read' as const],
            },
            { token: READ_TOKEN, scopes: ['profile:read' as const, 'api_key:read' as const] },
          ],
        }
      : u,
  );
  const gw = await startEra(profile, { ...seed, users });
  const app = await eraApp(gw);
  opened.push({ gw, app });
  const add = async (
    token: string,
    thresholds: { warnUnits: number | null; criticalUnits: number | null } = { warnUnits: LOW, criticalUnits: null },
  ): Promise<string> => {
    await app.siteMoney.refresh(gw.base_url);
    const legacy = profile === 'new-api-legacy' || profile === 'new-api-early' ? { userId: 1 } : {};
    const draft: AccountDraft = {
      ...draftFor(gw, `Alice ${token.slice(0, 8)}`, { kind: 'access_token', accessToken: token, ...legacy }),
      thresholds,
    };
    return signedIn(await app.accounts.add(draft));
  };
  const stored = () => parseSetting(gw.state.users.get(1)?.setting ?? '');
  const puts = () => gw.log.list().filter((e) => e.method === 'PUT' && e.path === '/api/user/setting');
  return { gw, app, add, stored, puts, notify: new NotifyService(app.accounts) };
}

const value = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe('the site’s own quota warning on new-api', () => {
  it('shows what the site holds, never a secret, and what a save there would reset', async () => {
    const { add, notify } = await era('new-api');
    const id = await add(ALICE_TOKEN);
    const view = value(await notify.read(id));
    expect(view).toEqual<SiteNotifyView>({
      channel: 'webhook',
      thresholdUnits: 100_000,
      email: 'alice@example.com',
      isAccountEmail: true,
      webhookHost: 'hooks.example.com',
      hasWebhookSecret: true,
      barkHost: null,
      gotifyHost: null,
      hasGotifyToken: false,
      resetBySave: ['sidebar_modules', 'language'],
      keydeskThresholdUnits: LOW,
    });
    expect(JSON.stringify(view)).not.toContain('fake-webhook-secret');
    expect(JSON.stringify(view)).not.toContain('fake-path');
  });

  it('writes Keydesk’s threshold and round-trips: every other setting the site can keep is as it was', async () => {
    const { add, notify, stored } = await era('new-api');
    const id = await add(ALICE_TOKEN);
    const before = stored();
    const after = value(await notify.write({ accountId: id, channel: 'webhook' }));
    expect(after).toMatchObject({ channel: 'webhook', thresholdUnits: LOW, hasWebhookSecret: true, resetBySave: [] });
    const now = stored();
    expect(now.quota_warning_threshold).toBe(LOW);
    // What the site stores beside the threshold is what it held: the secret nobody retyped included.
    const { quota_warning_threshold: _was, sidebar_modules: _s, language: _l, ...kept } = before;
    const { quota_warning_threshold: _now, ...rest } = now;
    expect(rest).toEqual(kept);
    // The two keys no save through this endpoint can carry: named before writing (resetBySave), gone after.
    expect(now).not.toHaveProperty('sidebar_modules');
  });

  it('switches the channel with the address typed; the site keeps the chosen channel’s fields only', async () => {
    const { add, notify, stored } = await era('new-api');
    const id = await add(ALICE_TOKEN);
    const view = value(
      await notify.write({ accountId: id, channel: 'bark', barkUrl: 'https://api.day.example/fake-device/{{title}}' }),
    );
    expect(view).toMatchObject({
      channel: 'bark',
      barkHost: 'api.day.example',
      webhookHost: null,
      thresholdUnits: LOW,
    });
    expect(stored()).toEqual({
      notify_type: 'bark',
      quota_warning_threshold: LOW,
      bark_url: 'https://api.day.example/fake-device/{{title}}',
      gotify_priority: 0,
      accept_unset_model_ratio_model: true,
      record_ip_log: true,
    });
    const email = value(await notify.write({ accountId: id, channel: 'email', email: 'alerts@example.com' }));
    expect(email).toMatchObject({ channel: 'email', email: 'alerts@example.com', isAccountEmail: false });
  });

  it('refuses before sending: no threshold in Keydesk, or a channel without an address anywhere', async () => {
    const { add, notify, puts } = await era('new-api');
    const id = await add(ALICE_TOKEN);
    expect(await notify.write({ accountId: id, channel: 'gotify' })).toMatchObject({
      ok: false,
      error: { code: 'validation', reason: 'notify.no_destination', params: { channel: 'gotify' } },
    });
    const bare = await add(BOB_TOKEN, { warnUnits: null, criticalUnits: null });
    expect(await notify.write({ accountId: bare, channel: 'email' })).toMatchObject({
      ok: false,
      error: { reason: 'notify.no_threshold' },
    });
    expect(puts()).toEqual([]);
  });
});

describe('the site’s own quota warning across eras', () => {
  it('rc.41: a scoped token needs profile:write to write, and says so', async () => {
    const { add, notify, stored } = await era('new-api-rc41');
    const readOnly = await add(READ_TOKEN);
    expect(value(await notify.read(readOnly))).toMatchObject({ channel: 'webhook' });
    expect(await notify.write({ accountId: readOnly, channel: 'webhook' })).toMatchObject({
      ok: false,
      error: { code: 'auth.scope_denied', scope: 'profile:write' },
    });
    expect(stored().quota_warning_threshold).toBe(100_000);
    const writer = await add(WRITE_TOKEN);
    expect(value(await notify.write({ accountId: writer, channel: 'webhook' }))).toMatchObject({ thresholdUnits: LOW });
  });

  it('legacy builds have it as current ones do', async () => {
    const { add, notify, stored } = await era('new-api-legacy');
    const id = await add(ALICE_TOKEN);
    expect(value(await notify.write({ accountId: id, channel: 'webhook' }))).toMatchObject({ thresholdUnits: LOW });
    expect(stored()).toMatchObject({ webhook_secret: 'fake-webhook-secret', record_ip_log: true });
  });

  it.each(['new-api-early', 'one-api', 'spec'] as const)(
    '%s: this server version does not offer it, and nothing is written',
    async (profile) => {
      const { add, notify, puts } = await era(profile, false);
      const id = await add(ALICE_TOKEN);
      for (const r of [await notify.read(id), await notify.write({ accountId: id, channel: 'email' })]) {
        expect(r).toMatchObject({ ok: false, error: { code: 'unsupported', feature: 'notify_settings' } });
      }
      expect(puts()).toEqual([]);
    },
  );
});
