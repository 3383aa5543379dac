// A minimal in-process gateway answering the three verification calls (login, /api/user/self, key usage) for
// unit tests that care about what the accounts service stores, not about HTTP.

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const account = {
  id: 7,
  username: 'user',
  display_name: 'User',
  email: '',
  role: 1,
  status: 1,
  group: 'default',
  quota: 5_000_000,
  used_quota: 1_000,
  request_count: 3,
  aff_code: 'x',
  aff_count: 0,
  aff_quota: 0,
  aff_history_quota: 0,
  inviter_id: 0,
};

let issued = 0;

export const fakeGatewayFetch = (url: string, init: RequestInit): Promise<Response> => {
  const path = new URL(url).pathname;
  if (path === '/api/user/login' && init.method === 'POST') {
    issued += 1;
    return Promise.resolve(
      json({
        success: true,
        message: '',
        data: {
          access_token: `login-token-${issued}-${'x'.repeat(24)}`,
          token_type: 'Bearer',
          access_expires_at: 4_000_000_000,
          session: { sid: 's', login_method: 'password' },
          user: { id: account.id, display_name: account.display_name, group: account.group, quota: account.quota },
        },
      }),
    );
  }
  if (path === '/api/user/self') return Promise.resolve(json({ success: true, message: '', data: account }));
  if (path === '/api/usage/token/') {
    return Promise.resolve(
      json({
        code: true,
        message: 'ok',
        data: {
          object: 'token_usage',
          name: 'watched',
          total_granted: 1_000_000,
          total_used: 10,
          total_available: 999_990,
          unlimited_quota: false,
          model_limits: {},
          model_limits_enabled: false,
          expires_at: 0,
        },
      }),
    );
  }
  return Promise.resolve(
    new Response('404 page not found', { status: 404, headers: { 'content-type': 'text/plain' } }),
  );
};
