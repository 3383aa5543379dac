// Writing new-api's user setting so that nothing the user did not touch changes: the request carries the stored
// preferences and every channel's stored address and secret back (the site rebuilds the whole setting from the
// request), typed values win, the Gotify priority keeps its 0–10 or the site's default; what no save can carry is named.
import { describe, expect, it } from 'vitest';
import { parseSetting, resetBySave, settingRequest } from '../../../../src-main/gateway/user-setting';

const STORED = {
  notify_type: 'gotify',
  quota_warning_threshold: 100,
  gotify_url: 'https://gotify.example.com',
  gotify_token: 'fake-gotify-token',
  gotify_priority: 8,
  webhook_url: 'https://hooks.example.com/x',
  webhook_secret: 'fake-secret',
  accept_unset_model_ratio_model: true,
  upstream_model_update_notify_enabled: true,
  sidebar_modules: '{"chat":{}}',
  language: 'en',
  billing_preference: '',
};

describe('settingRequest', () => {
  it('changes the threshold and channel and sends everything stored back as it is', () => {
    expect(settingRequest(STORED, { type: 'gotify', thresholdUnits: 5_000_000 })).toEqual({
      notify_type: 'gotify',
      quota_warning_threshold: 5_000_000,
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: 'fake-secret',
      notification_email: '',
      bark_url: '',
      gotify_url: 'https://gotify.example.com',
      gotify_token: 'fake-gotify-token',
      gotify_priority: 8,
      accept_unset_model_ratio_model: true,
      record_ip_log: false,
    });
  });

  it('takes what the user typed over what is stored, and the site’s default priority when none is usable', () => {
    const request = settingRequest(
      { ...STORED, gotify_priority: 42 },
      { type: 'email', thresholdUnits: 1, email: 'me@example.com', webhookSecret: 'new-fake-secret' },
    );
    expect(request).toMatchObject({
      notify_type: 'email',
      notification_email: 'me@example.com',
      webhook_secret: 'new-fake-secret',
      gotify_priority: 5,
    });
  });
});

describe('resetBySave and parseSetting', () => {
  it('names what a save cannot carry (and the site does not keep), skipping empty values', () => {
    expect(resetBySave(STORED)).toEqual(['sidebar_modules', 'language']);
    expect(resetBySave({})).toEqual([]);
  });

  it('reads what the site cannot parse as empty, as the site itself does', () => {
    expect(parseSetting('')).toEqual({});
    expect(parseSetting('not json')).toEqual({});
    expect(parseSetting('[1,2]')).toEqual({});
    expect(parseSetting('{"notify_type":"bark"}')).toEqual({ notify_type: 'bark' });
  });
});
