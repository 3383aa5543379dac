// en-US messages: errors, rateWait, remediesInForm, remedies.

export const errors = {
  auth: {
    expired: 'Your sign-in has expired.',
    unauthorized: 'The gateway refused these credentials.',
    scope_denied: 'The access token lacks a permission this needs.',
    needs_sign_in: 'This account needs you to sign in.',
    second_factor: 'The gateway asks for a second factor.',
    session_revoked: 'The site ended this sign-in (the password changed, or other devices were signed out).',
    session_limit: 'The site already holds the most sign-in sessions it allows for you (50 on new-api).',
    session_issuance_limit:
      'The site has opened the most new sign-in sessions it allows for you today (100 on new-api).',
    user_id_required: 'This site needs your user ID together with the access token.',
  },
  key: {
    invalid: 'The API key was refused: it is invalid, expired or disabled.',
    group_denied: 'This key’s group may not use this gateway endpoint.',
  },
  not_found: 'Not found. It may have been deleted, or it belongs to another account.',
  validation: 'Some input was not accepted.',
  wrong_base_address: 'This address does not answer like the gateway’s management address.',
  unsupported: 'This server version does not offer this.',
  model_not_found: 'No channel serves this model for the key’s group.',
  rate_limited: 'The gateway is limiting requests.',
  network: 'Could not connect.',
  timeout: 'The gateway did not answer in time.',
  server: 'The gateway reported an internal error.',
  protocol: 'The gateway’s answer could not be read, so the value is unknown.',
  vault: {
    locked: 'The secret store is locked.',
  },
  forbidden: 'Keydesk’s bridge refused this request.',
  unavailable: 'This is not available in the current mode.',
  internal: 'Something unexpected went wrong inside Keydesk.',
};

export const rateWait = {
  title: 'Waiting for the site’s rate limit',
  body: 'This site allows 20 sign-ins and key reveals per 20 minutes — next in {wait}.',
  retriesItself: 'Keydesk will try again on its own when the time is up.',
  tryAgainThen: 'Try again when the time is up.',
  minutesSeconds: '{m} min {s} s',
  seconds: '{s} s',
  cancel: 'Cancel',
};

export const remediesInForm = {
  auth: {
    expired: 'Check the credential you entered above and try again.',
    unauthorized: 'Check the username and password, or the token, you entered above.',
    needs_sign_in: 'Check the credential you entered above and try again.',
    session_revoked: 'Check the credential you entered above and try again.',
    user_id_required: 'Enter your user ID (shown in the site’s console under Personal settings) in the User ID field.',
  },
  wrong_base_address: 'Check the Base URL above: it may have been swapped with the API address (…/v1).',
  network: 'Check your network connection and the Base URL above.',
};

export const remedies = {
  auth: {
    expired: 'Sign in to this account again.',
    unauthorized: 'Check the username, password or access token in the account’s settings.',
    scope_denied: 'Create a system access token with that permission, or sign in with a password.',
    needs_sign_in: 'Open the account and sign in.',
    second_factor: 'Enter the code from your authenticator app.',
    session_revoked: 'Sign in to this account again.',
    session_limit:
      'Sign out other devices in the site’s console (Personal settings → Security → Sessions), then sign in again.',
    session_issuance_limit: 'Wait until tomorrow, or sign out other devices in the site’s console, then sign in again.',
    user_id_required:
      'Enter your user ID (shown in the site’s console under Personal settings) in the account’s settings.',
  },
  key: {
    invalid: 'Check the key’s status and expiry on the gateway, or use another key.',
    group_denied: 'Ask the gateway’s admin to allow this for the key’s group, or use a key from another group.',
  },
  not_found: 'Refresh the list and try again.',
  validation: 'Correct the marked field and try again.',
  wrong_base_address: 'Check the account’s base address: it may have been swapped with the API address (…/v1).',
  unsupported: 'Keydesk shows what this version offers; the site’s admin can upgrade it for the rest.',
  model_not_found: 'Pick another model, or ask the gateway’s admin to enable it for this group.',
  rate_limited: 'Wait a moment; Keydesk retries reads on its own.',
  network: 'Check your network connection and the account’s address.',
  timeout: 'Try again. If it keeps happening, the gateway may be overloaded.',
  server: 'Try again later, or tell the gateway’s admin.',
  protocol: 'Check that the address points to a one-api or new-api gateway.',
  vault: {
    locked: 'Unlock the secret store with your passphrase.',
  },
  forbidden: 'Open Keydesk from the address it printed when it started, or restart it.',
  unavailable: 'Use the desktop app for this.',
  internal: 'Try again. If it keeps happening, restart Keydesk and report it with the log.',
};
