// en-US messages: errors, rateWait, remediesInForm, remedies, errorReasons, vaultNotes.
// Long because it is a table: every error code and reason Keydesk words, one entry each.

export const errors = {
  auth: {
    expired: 'Your sign-in has expired.',
    unauthorized: 'The gateway refused these credentials.',
    scope_denied: 'The access token lacks a permission this needs.',
    needs_sign_in: 'This account needs you to sign in.',
    second_factor: 'The gateway asks for a second factor.',
    code_rejected: 'The gateway did not accept this code.',
    session_revoked: 'The site ended this sign-in (the password changed, or other devices were signed out).',
    session_limit: 'The site already holds the most sign-in sessions it allows for you (50 on new-api).',
    session_issuance_limit:
      'The site has opened the most new sign-in sessions it allows for you today (100 on new-api).',
    user_id_required: 'This site needs your user ID together with the access token.',
    token_retired: 'This site has retired access tokens of the old kind: this one no longer works.',
    token_expired: 'This access token has expired.',
    route_undeclared: 'This site lets no access token do this, whatever its permissions.',
    session_required: 'On this site only a browser sign-in may do this, never an access token.',
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
    locked: 'The credential vault is locked.',
  },
  forbidden: 'Keydesk’s bridge refused this request.',
  unavailable: 'This is not available in the current mode.',
  internal: 'Something unexpected went wrong inside Keydesk.',
};

export const rateWait = {
  title: 'Waiting for the site’s rate limit',
  titleByKeydesk: 'Waiting to stay within the site’s limit',
  heldByKeydesk: 'Keydesk held this back to stay within the site’s limit.',
  next: 'Next in {wait}.',
  waiting: '{subject}: waiting.',
  subjects: { reveal: 'Show key “{name}”', copy: 'Copy key “{name}”' },
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
    token_retired:
      'Make a new access token in the site’s console (Personal settings → Security → Access tokens; it starts with nap_) and paste it above.',
    token_expired:
      'Make a new access token in the site’s console (Personal settings → Security → Access tokens) and paste it above.',
  },
  wrong_base_address: 'Check the Base URL above: it may have been swapped with the API address (…/v1).',
  network: 'Check your network connection and the Base URL above.',
};

export const remediesInSignIn = {
  auth: {
    unauthorized: 'Check the password, or the token, you entered above.',
    token_retired:
      'Make a new access token in the site’s console (Personal settings → Security → Access tokens; it starts with nap_) and enter it above.',
    token_expired: 'Make a new access token in the site’s console and enter it above.',
  },
};

/** A remedy for one reason (AppError.reason) where the code's own would say what the user just did. */
export const remediesForReason = {
  input: {
    /** A refused value the error cannot point at: no field of the form is marked. */
    unnamed: 'Check what you entered and try again.',
  },
  vault: {
    wrong_passphrase: 'Check the passphrase and try again: it is the one you set for the vault, not a site’s password.',
  },
  backup: {
    wrong_passphrase:
      'Type the passphrase this backup was made with: not the vault’s passphrase, nor a site’s password. Nothing was changed.',
    damaged: 'Use another copy of the backup, or make a new one on the computer it came from.',
    unsupported_version: 'Restore it with the Keydesk that made it, or a newer one.',
    not_backup: 'Choose a file named keydesk-backup-….keydesk.',
    too_large: 'Choose a file named keydesk-backup-….keydesk.',
    expired: 'Choose the backup file again.',
  },
  rate: {
    local_budget: 'Nothing to do: Keydesk reads it again by itself once its share allows.',
    search_budget: 'Search again when the time is up.',
    site_critical: 'Try again when the time is up. Signing in to this site in a browser waits for the same limit.',
    site_search: 'Search again when the time is up.',
  },
  sync: {
    address: 'Use the https address your server shows for WebDAV.',
    unauthorized: 'Check the user name and the app password in your server’s settings.',
    folder_missing: 'Create the folder above it on the server, or correct the address.',
    server_full: 'Free space on the server or raise its quota.',
    unreachable: 'Check the network and that the server is running.',
    conditional_ignored:
      'Use a server that honours If-Match and If-None-Match on writes (Apache mod_dav with FileETag Digest does; see the user guide, “Sync between computers”).',
    weak_etags: 'Use a server with strong ETags (Apache: FileETag Digest).',
    folder_in_use: 'Choose “Join a sync folder” with the passphrase you used there.',
    folder_empty: 'Choose “Set up sync” to start a new folder.',
    wrong_passphrase: 'Type the sync passphrase chosen when sync was set up (not the server’s password).',
    newer_format: 'Update Keydesk on this computer.',
    folder_changed: 'Remove this computer from sync and join the folder again.',
    vault_locked: 'Unlock the vault in Settings → Credential vault.',
  },
};

export const remedies = {
  auth: {
    expired: 'Sign in to this account again.',
    unauthorized: 'Check the username, password or access token in the account’s settings.',
    scope_denied:
      'Make an access token that also has this permission in the site’s console (Personal settings → Security → Access tokens), then give it to this account: Edit → New access token.',
    needs_sign_in: 'Sign in to this account again.',
    second_factor: 'Sign in, then enter the code from your authenticator app.',
    code_rejected:
      'Enter the current code (an authenticator app’s code changes every 30 seconds). If it is refused again, cancel and start the sign-in again.',
    session_revoked: 'Sign in to this account again.',
    session_limit:
      'Sign out other devices in the site’s console (Personal settings → Security → Sessions), then sign in again.',
    session_issuance_limit: 'Wait until tomorrow, or sign out other devices in the site’s console, then sign in again.',
    user_id_required:
      'Enter your user ID (shown in the site’s console under Personal settings) in the account’s settings.',
    token_retired:
      'Make a new access token in the site’s console (Personal settings → Security → Access tokens; it starts with nap_), then give it to this account: Edit → New access token. Its name, alerts and key records stay as they are.',
    token_expired:
      'Make a new access token in the site’s console (Personal settings → Security → Access tokens), then give it to this account: Edit → New access token. Nothing else of the account changes.',
    route_undeclared: 'Do this in the site’s console, or add the account with its password instead of a token.',
    session_required: 'Do this in the site’s console, or add the account with its password instead of a token.',
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
    locked: 'Unlock it with your passphrase (Settings → Credential vault).',
  },
  forbidden: 'Open Keydesk from the address it printed when it started, or restart it.',
  unavailable: 'Use the desktop app for this.',
  internal: 'Try again. If it keeps happening, restart Keydesk and report it with the log.',
};

/** What Keydesk does with each permission of a new-api access token (the scope a refusal names). */
export const scopeUses = {
  profile_read: 'the balance, your name and your groups',
  api_key_read: 'listing and searching keys',
  api_key_write: 'creating, editing, enabling, disabling and deleting keys',
  api_key_reveal: 'showing, copying and exporting whole keys',
  wallet_read: 'subscription plans',
  usage_read: 'Calls by model (the site’s usage logs)',
  other: 'this',
};

/** Our more precise sentence for a failure (AppError.reason), with the values main sent (AppError.params). */
export const errorReasons = {
  address: {
    empty: 'Enter the address, for example https://gateway.example.com.',
    not_web: 'This is not a web address: it must start with https:// (or http://).',
    scheme: 'Only http:// and https:// addresses are supported.',
    credentials: 'Leave the user name and password out of the address.',
    query: 'Leave the ? and # parts out of the address.',
    too_long: 'The address is longer than {max} characters.',
    characters: 'The address holds a control character (a tab, a line break or an invisible mark).',
    base_url_not_management:
      'The management address {address} does not serve /api/ paths: check it is not the model-calling address (…/v1).',
    api_url_not_models:
      'The model-calling address {address} does not serve /v1/ paths: check it is not the management address.',
    redirects: '{address} sends every request on to {target}: use that address in the account.',
  },
  network: {
    unreachable: 'Could not reach {address} ({cause}).',
    refused: '{address} refused the connection: nothing is listening at that address and port ({cause}).',
    name_not_found: 'The host name in {address} could not be found: check the address for typos ({cause}).',
    no_route: '{address} did not answer: the connection timed out or no route leads there ({cause}).',
    reset: 'The connection to {address} was closed before it answered ({cause}).',
    certificate:
      'The certificate of {address} is not trusted on this computer: it may be self-signed, expired or issued for another name ({cause}).',
    tls: 'The secure connection to {address} failed: if the site is served over http://, use that address ({cause}).',
    offline: 'This computer is offline ({cause}).',
    proxy: 'The proxy could not connect to {address}: check the system’s proxy settings ({cause}).',
    unsafe_port:
      'Port {port} is on the list of ports web clients refuse to connect to, so Keydesk cannot reach {address}: serve the gateway on another port ({cause}).',
    failed: 'Could not reach {address}.',
    cancelled: 'The request was cancelled.',
    unsendable: 'Nothing was sent: the address or the credential holds characters a web request cannot carry.',
  },
  server: {
    html_page: 'The gateway answered with a web page (HTTP {status}) instead of data.',
  },
  protocol: {
    not_json: 'The gateway’s answer is not data Keydesk can read (HTTP {status}).',
    shape: 'The gateway’s answer did not have the shape Keydesk expects.',
    too_large: 'The gateway’s answer is larger than {megabytes} MB, so Keydesk stopped reading it.',
  },
  search: {
    invalid_characters: 'The {field} holds characters a search may not use.',
    adjacent_wildcards: 'Two % next to each other (%%) are not allowed in the {field}.',
    too_many_wildcards: 'At most {limit} % wildcards are allowed in the {field}.',
    too_few_bytes:
      'The {field} needs at least {limit} bytes besides % (one Chinese character is enough, one letter is not).',
    exact_only: 'The gateway refused a search with % for this account: it answers exact searches only.',
  },
  input: {
    invalid: 'The value of “{field}” was not accepted.',
    too_short: '“{field}” needs at least {min} characters.',
    too_long: '“{field}” takes at most {max} characters.',
    credential_characters: 'It contains a control character or another character that cannot be sent.',
    label_length: 'Give the account a name of 1 to {max} characters.',
    label_characters: 'The name holds a control character (a tab, a line break, an escape or an invisible mark).',
    order_incomplete: 'The new order must list every account exactly once.',
    key_id: 'A key id is a positive whole number.',
    key_name_type: 'The name must be text.',
    key_name_bytes:
      'The name is {bytes} bytes long; the gateway allows at most {max} bytes: 50 letters or digits, or 16 Chinese characters.',
    unlimited_flag: 'Choose whether the key is unlimited.',
    quota_whole: 'The quota must be a whole number of units.',
    quota_negative: 'The quota cannot be negative.',
    expiry_format: 'The expiry is not a valid time.',
    expiry_past:
      'That expiry is in the past and would disable the key at once. Pick a future time or “never”, or choose “expire now” on purpose.',
    expiry_past_new: 'The expiry is in the past: the new key would be unusable. Pick a future time or “never”.',
    ip_list: 'Not an IP address or CIDR range: {values}. Put one address per line.',
    subnet_list:
      'This site takes IP ranges only, and not these: {values}. Write each as address/length (10.0.0.0/24); an address alone is saved as its /32.',
    quota_on_unlimited: 'This key is unlimited: adding quota would change nothing.',
    amount_too_large: 'That amount is too large.',
    request_too_large: 'The request is too large.',
    request_not_json: 'The request could not be read.',
    unknown_channel: 'Keydesk does not know this request.',
  },
  key: {
    enable_expired:
      'This key has expired and cannot be enabled as it is. Move its expiry into the future or make it never expire first (“extend and enable” does both).',
    name_too_long_for_site:
      'This site takes shorter names than most: at most {max} bytes ({max} letters or digits; a Chinese character takes 3).',
    enable_exhausted:
      'This key has no quota left and cannot be enabled as it is. Raise its quota or make it unlimited first (“extend and enable” does both).',
  },
  auth: {
    scope_missing: 'It lacks {scope}, which Keydesk uses for {use}; what its other permissions allow keeps working.',
    token_unknown:
      'The site does not know this access token: it was deleted or replaced in the site’s console, or it belongs to another site.',
    user_disabled: 'The site has disabled the user this credential belongs to.',
  },
  account: {
    not_password: 'Only accounts with a password sign in.',
    token_expiry_past:
      'That expiry date has passed: give the date the site’s console shows for this token, or leave it empty.',
    other_user:
      'This credential belongs to another user of the site (user ID {userId}): give the account one of its own user, or add that user as a new account.',
    kind_fixed: 'The kind of credential of an account cannot change.',
    watched_key_only: 'A watched key gives no access to the account: add the account itself to manage keys.',
    no_watched_key: 'This account has no watched key.',
    enter_password: 'Enter the password.',
    enter_key: 'Enter the API key again.',
    sign_in_step_expired: 'This sign-in step has expired; start the sign-in again.',
    not_found: 'This account no longer exists.',
    key_not_found: 'None of these keys was found.',
    auto_sign_in_spent:
      'Keydesk signs in by itself at most once a day, so the site does not lock you out with new sessions; its next one is in {hours} h. Sign in now to go on.',
    password_not_remembered:
      'The site ended the session and the password is not remembered, so Keydesk cannot sign in by itself. Sign in, and tick “Remember the password” to let it.',
    signed_out: 'You signed this account out. Sign in to use it again.',
    no_credential:
      'Keydesk holds no credential for this account (it was signed out, restored without credentials, or its vault entry is gone): sign in or enter it again.',
  },
  models: {
    no_probe_key: 'No enabled key on this account to learn its models from. Create a key first.',
    no_probe_key_in_group: 'No enabled key in the group “{group}” to learn its models from.',
    only_narrowed_keys:
      'This site has no model list of its own, and every enabled key in the group “{group}” allows only some models, so none can show all the group serves. Create a key in the group without a model list.',
  },
  vault: {
    passphrase_not_entered: 'Its passphrase has not been entered since Keydesk started.',
    session_only_earlier: 'It was kept for an earlier session only.',
    backend_unavailable: 'It was sealed with {backend}, which is not available now; enter it again.',
    undecryptable:
      'The stored credential could not be decrypted with {backend} (the key changed or the file was altered); enter it again.',
    refused: 'The vault refused to store it.',
    wrong_passphrase: 'That passphrase is not the vault’s.',
  },
  bridge: {
    untrusted_sender: 'The request did not come from Keydesk’s own window.',
    launch_code_used: 'This launch address was already used; open the address Keydesk printed last.',
    host_not_allowed: 'This page’s address is not Keydesk’s.',
    no_session: 'This page has no Keydesk session: open the address Keydesk printed (each one opens once).',
    no_handler: 'This is not available in this mode.',
    quitting: 'Keydesk is quitting and takes no new request.',
  },
  exports: {
    not_listed: 'This file is no longer in the list.',
    changed:
      'This file has changed since Keydesk wrote it, so Keydesk leaves it alone: delete it yourself, or remove it from the list.',
  },
  handoff: {
    no_app:
      'No app on this computer is registered for {scheme} links. Install the app (or start it once, so it registers), then try again.',
    env_unrepresentable:
      '{name} holds a character (a quote, a backslash or a line break) that a .env file cannot carry so that every reader reads it back: use another target.',
  },
  notify: {
    no_threshold:
      'Set a low-balance threshold for this account first (Edit thresholds): that is the amount written to the site.',
    no_destination: 'The site holds no address for {channel} yet: type one.',
  },
  mode: {
    no_clipboard: 'Browser mode has no clipboard of its own: reveal a single key to copy it from the page.',
    no_link_opener: 'Opening another app needs the Keydesk desktop app; save the file instead.',
  },
  updates: {
    nothing_to_download: 'No update is waiting to be downloaded.',
    cannot_download: 'This build cannot download updates.',
    nothing_to_install: 'No downloaded update is waiting to be installed.',
    mirror_invalid: 'The mirror must be an https address without a user name, query or fragment.',
    unavailable: 'Updates are not available in this copy of Keydesk.',
  },
  backup: {
    wrong_passphrase: 'That passphrase does not open this backup.',
    damaged: 'This backup file is damaged (cut short, extended or altered) and cannot be trusted. Nothing was changed.',
    unsupported_version: 'This backup was made by a newer Keydesk, or in a form this version does not accept.',
    not_backup: 'This is not a Keydesk backup file.',
    too_large: 'This file is larger than any Keydesk backup ({kilobytes} KB at most).',
    expired: 'This backup is no longer open; choose the file again.',
    cancelled: 'The restore was cancelled before anything was changed.',
  },
  sync: {
    address:
      'The folder’s address must be https (plain http only to this computer), without a user name, query or fragment.',
    not_configured: 'Sync is not set up on this computer.',
    vault_locked: 'Sync’s passphrase and app password are in the vault, which is locked.',
    unauthorized: 'The WebDAV server refused the user name or app password (HTTP {status}).',
    folder_missing: 'The folder (or the folder above it) does not exist on the server (HTTP {status}).',
    server_full:
      'The WebDAV server is out of space (HTTP {status}). Nothing was lost; what waits is sent on the next run.',
    server_error: 'The WebDAV server failed (HTTP {status}); Keydesk tries again later.',
    unreachable: 'The WebDAV server did not answer; Keydesk tries again later and nothing waiting is lost.',
    timeout: 'The WebDAV server took too long to answer; Keydesk tries again later.',
    too_large: 'The server sent more than Keydesk reads from a sync folder.',
    not_webdav: 'The answer was not a WebDAV one: check the folder’s address.',
    conditional_ignored:
      'This server wrote over a file it was told not to (it ignores {step}), so two computers could overwrite each other’s changes. Keydesk does not sync through it.',
    weak_etags: 'This server gives no strong ETags, so Keydesk cannot make its writes safe against another computer’s.',
    folder_in_use: 'This folder already holds a Keydesk sync: join it instead.',
    folder_empty: 'This folder holds no Keydesk sync yet: set sync up instead.',
    wrong_passphrase: 'This passphrase does not open this sync folder.',
    newer_format: 'This sync folder was made by a newer Keydesk.',
    folder_changed: 'The folder’s encryption is no longer the one this computer joined.',
    conflict_gone: 'This conflict was already resolved.',
    busy: 'Other computers kept writing at the same moment; Keydesk tries again shortly.',
  },
  rate: {
    local_budget:
      'Keydesk’s own checks use at most 6 of the 20 sign-ins, key reveals and key-usage reads this site allows per 20 minutes, and never its last 6: the rest are yours.',
    search_budget: 'This site allows 10 key searches a minute; Keydesk sends at most 8, leaving 2 for your browser.',
    site_critical:
      'The site refused: it allows 20 sign-ins, key reveals and key-usage reads per 20 minutes from this address, counting your browser’s.',
    site_search: 'The site refused: it allows 10 key searches a minute from this address.',
  },
  import: {
    file_too_large: 'The file is larger than {megabytes} MB; split it into smaller files.',
    not_recognised:
      'This is neither an All API Hub backup nor a CSV with the columns name, base_url, kind and credential.',
    not_json: 'The file starts like JSON but is not valid JSON.',
    version_unsupported: 'All API Hub backup version {version} is not one Keydesk can read (1.0 to 4.0).',
    no_accounts: 'The file holds no accounts.',
    csv_header: 'The first line of the CSV lacks the column(s) {columns}.',
    csv_unterminated_quote: 'A quoted field opened on line {line} is never closed.',
    preview_expired: 'This preview has expired or was already used: choose the file again.',
    missing_field: 'The row has no {field}.',
    kind_unknown: 'Unknown kind “{kind}”: use password, access_token or api_key.',
    site_type_unsupported: 'Keydesk works with one-api and new-api sites; “{type}” speaks another API.',
    cookie_session:
      'This account signs in with a browser cookie, which Keydesk cannot use: add it with its password or access token.',
    no_credential: 'The row holds no password, access token or key.',
    user_id_invalid: 'The user id must be a whole number above zero.',
    second_factor: 'This account asks for a second factor: add it by hand to answer it.',
    cancelled: 'The import was cancelled before anything was saved.',
  },
  record: {
    invalid: 'Its {field} does not hold a value an account may have.',
    credential: 'Its stored credentials do not fit an account of this kind.',
    duplicate: 'The file lists this account twice; the first one is kept.',
  },
  /** input.too_short and input.too_long where no field can be named: the limit alone. */
  unnamed: {
    too_short: 'A value needs at least {min} characters.',
    too_long: 'A value takes at most {max} characters.',
  },
  allowance: {
    needs_management:
      'A watched key has no key management: allowances and rotation need a password or access-token account.',
    refill_needs_limit: 'This key is unlimited: give it a cap instead, which Keydesk keeps while it runs.',
    cap_needs_unlimited: 'This key has a quota: give it an allowance the site refills instead.',
    cap_not_counted:
      'one-api does not count what an unlimited key spends, so a cap could never be reached. Give the key a quota and an allowance instead.',
    cap_needs_tracking:
      'A cap counts spending from “Track spending per key”, which is off for this account: turn it on on the Account page.',
    time_zone: '“{zone}” is not a time zone this system knows.',
    too_many: 'Keydesk keeps at most {max} allowances: remove one first.',
  },
  rotation: {
    running: 'A rotation of this key is already under way: open it from the key’s details.',
    twin_not_found:
      'The new key was created but could not be told apart in the key list: check the list before rotating again.',
    create_unconfirmed:
      'Keydesk stopped while the new key was being created, so it may exist: check the key list before rotating again.',
    not_disabled: 'The old key is deleted only after the rotation has disabled it.',
  },
  /** Names of the fields a reason may name (params.field). */
  fields: {
    password: 'password',
    keyword: 'name pattern',
    token: 'key pattern',
    kind: 'kind',
    username: 'user name',
    userId: 'user id',
    keyHint: 'watched key',
    yuanPerUsd: 'yuan rate',
    thresholds: 'alert thresholds',
    passphrase: 'passphrase',
    label: 'name',
    baseUrl: 'base URL',
    apiUrl: 'API URL',
  },
  /** A batch's first failure: which key it was about. */
  forKey: 'Key #{id}',
};

/** Why the vault uses its backend (VaultStatus.reasons). */
export const vaultNotes = {
  safe_storage_desktop_only: 'Electron safeStorage exists only in the desktop app.',
  safe_storage_macos: 'The macOS Keychain protects the vault through Electron safeStorage.',
  safe_storage_windows: 'Windows DPAPI protects the vault through Electron safeStorage.',
  safe_storage_linux: 'The desktop keyring (libsecret / KWallet) protects the vault through Electron safeStorage.',
  safe_storage_unavailable: 'Electron safeStorage reports that encryption is unavailable.',
  safe_storage_basic_text: 'Electron’s Linux basic_text backend does not protect data (no keyring was found).',
  safe_storage_unknown_backend: 'Electron safeStorage could not identify its Linux backend.',
  keyring_macos: 'The macOS Keychain holds the vault key.',
  keyring_windows: 'Windows Credential Manager holds the vault key.',
  keyring_linux: 'Secret Service (GNOME Keyring / KWallet) holds the vault key.',
  keyring_not_configured: 'The OS keyring is not configured.',
  keyring_no_secret_service: 'No Secret Service was found on D-Bus.',
  keyring_unavailable: 'The OS keyring is unavailable.',
  keyring_format: 'The vault key in the OS keyring is not in the expected format.',
  passphrase_set: 'A passphrase protects the vault.',
  passphrase_none: 'No passphrase has been set.',
  memory_session_only: 'Secrets are kept for this session only.',
  written_with: 'The vault was written with it.',
};
