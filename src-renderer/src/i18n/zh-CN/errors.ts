// zh-CN messages: errors, rateWait, remediesInForm, remedies, errorReasons, vaultNotes.
// Long because it is a table: every error code and reason Keydesk words, one entry each.
import type { MessageSchema } from '../en-US';

export const errors: MessageSchema['errors'] = {
  auth: {
    expired: '登录已过期。',
    unauthorized: '网关拒绝了这些凭据。',
    scope_denied: '访问令牌缺少此操作所需的权限。',
    needs_sign_in: '此账户需要登录。',
    second_factor: '网关要求二次验证。',
    code_rejected: '网关未接受此验证码。',
    session_revoked: '站点已结束此登录会话（密码已修改，或其他设备已被登出）。',
    session_limit: '站点为你保留的登录会话已达上限（new-api 为 50 个）。',
    session_issuance_limit: '站点今天为你新建的登录会话已达上限（new-api 为 100 个）。',
    user_id_required: '此站点要求在访问令牌之外提供你的用户 ID。',
    token_retired: '此站点已停用旧式访问令牌：这个令牌不再可用。',
    token_expired: '此访问令牌已过期。',
    route_undeclared: '此站点不允许任何访问令牌执行此操作，无论它有哪些权限。',
    session_required: '在此站点上只有浏览器登录可以执行此操作，访问令牌不行。',
  },
  key: {
    invalid: 'API 密钥被拒绝：无效、已过期或已禁用。',
    group_denied: '该密钥所在分组无权使用此网关接口。',
  },
  not_found: '未找到：可能已被删除，或属于其他账户。',
  validation: '部分输入未被接受。',
  wrong_base_address: '该地址的响应不像网关的管理地址。',
  unsupported: '此服务器版本不提供该功能。',
  model_not_found: '该密钥所在分组没有可提供此模型的渠道。',
  rate_limited: '网关正在限制请求频率。',
  network: '无法连接。',
  timeout: '网关未及时响应。',
  server: '网关报告了内部错误。',
  protocol: '无法解析网关的响应，该值未知。',
  vault: {
    locked: '凭据保险库已锁定。',
  },
  forbidden: 'Keydesk 的通信桥拒绝了此请求。',
  unavailable: '当前模式下不可用。',
  internal: 'Keydesk 内部发生了意外错误。',
};

export const rateWait: MessageSchema['rateWait'] = {
  title: '正在等待站点的频率限制',
  titleByKeydesk: '正在等待，以免超出该站点的限额',
  heldByKeydesk: 'Keydesk 暂缓发送，以免超出该站点的限额。',
  next: '{wait}后可继续。',
  waiting: '{subject}：正在等待。',
  subjects: { reveal: '显示密钥“{name}”', copy: '复制密钥“{name}”' },
  retriesItself: '时间到后 Keydesk 会自动重试。',
  tryAgainThen: '请在时间到后重试。',
  minutesSeconds: '{m} 分 {s} 秒',
  seconds: '{s} 秒',
  cancel: '取消',
};

export const remediesInForm: MessageSchema['remediesInForm'] = {
  auth: {
    expired: '请检查上方填写的凭据后重试。',
    unauthorized: '请检查上方填写的用户名和密码（或令牌）。',
    needs_sign_in: '请检查上方填写的凭据后重试。',
    session_revoked: '请检查上方填写的凭据后重试。',
    user_id_required: '请在“用户 ID”字段中填写你的用户 ID（见站点控制台的个人设置）。',
    token_retired: '请在站点控制台新建访问令牌（个人设置 → 安全 → 访问令牌，以 nap_ 开头），然后粘贴到上方。',
    token_expired: '请在站点控制台新建访问令牌（个人设置 → 安全 → 访问令牌），然后粘贴到上方。',
  },
  wrong_base_address: '请检查上方的站点地址：它可能与 API 地址（…/v1）填反了。',
  network: '请检查网络连接和上方的站点地址。',
};

export const remediesInSignIn: MessageSchema['remediesInSignIn'] = {
  auth: {
    unauthorized: '请检查上方填写的密码（或令牌）。',
    token_retired: '请在站点控制台新建访问令牌（个人设置 → 安全 → 访问令牌，以 nap_ 开头），然后填写到上方。',
    token_expired: '请在站点控制台新建访问令牌，然后填写到上方。',
  },
};

export const remediesForReason: MessageSchema['remediesForReason'] = {
  input: {
    /** 错误无法指明是哪个值：表单中没有标出的字段。 */
    unnamed: '请检查输入的内容后重试。',
  },
  vault: {
    wrong_passphrase: '请检查口令后重试：这是你为保险库设置的口令，不是网站的密码。',
  },
  backup: {
    wrong_passphrase: '请输入创建该备份时使用的口令：不是保险库口令，也不是网站密码。未做任何更改。',
    damaged: '请使用该备份的另一份副本，或在原来的电脑上重新备份。',
    unsupported_version: '请用创建它的 Keydesk 或更新的版本恢复。',
    not_backup: '请选择名为 keydesk-backup-….keydesk 的文件。',
    too_large: '请选择名为 keydesk-backup-….keydesk 的文件。',
    expired: '请重新选择备份文件。',
  },
  rate: {
    local_budget: '无需操作：名额允许时 Keydesk 会自动重新读取。',
    search_budget: '请在时间到后再搜索。',
    site_critical: '请在时间到后重试。在浏览器中登录该站点也要等待同一限额。',
    site_search: '请在时间到后再搜索。',
  },
  sync: {
    address: '使用服务器提供的 WebDAV https 地址。',
    unauthorized: '请在服务器设置中检查用户名和应用密码。',
    folder_missing: '在服务器上创建上级文件夹，或更正地址。',
    server_full: '在服务器上释放空间或提高配额。',
    unreachable: '请检查网络，并确认服务器正在运行。',
    conditional_ignored:
      '请使用在写入时遵守 If-Match 和 If-None-Match 的服务器（例如启用 FileETag Digest 的 Apache mod_dav，见用户指南“多台电脑同步”）。',
    weak_etags: '请使用提供强 ETag 的服务器（Apache：FileETag Digest）。',
    folder_in_use: '请选择“加入同步文件夹”，并使用在那里设置的口令。',
    folder_empty: '请选择“设置同步”来创建新的文件夹。',
    wrong_passphrase: '请输入设置同步时选择的同步口令（不是服务器的密码）。',
    newer_format: '请更新这台电脑上的 Keydesk。',
    folder_changed: '请在这台电脑上移除同步，然后重新加入文件夹。',
    vault_locked: '请在“设置 → 凭据保险库”中解锁保险库。',
  },
};

export const remedies: MessageSchema['remedies'] = {
  auth: {
    expired: '请重新登录此账户。',
    unauthorized: '请在账户设置中检查用户名、密码或访问令牌。',
    scope_denied:
      '请在站点控制台（个人设置 → 安全 → 访问令牌）新建一个同时具备该权限的访问令牌，然后交给此账户：编辑 → 新访问令牌。',
    needs_sign_in: '请重新登录此账户。',
    second_factor: '请登录，然后输入身份验证器应用中的验证码。',
    code_rejected: '请输入当前的验证码（身份验证器的验证码每 30 秒更换一次）。若仍被拒绝，请取消并重新登录。',
    session_revoked: '请重新登录此账户。',
    session_limit: '请在站点控制台（个人设置 → 安全 → 会话）中登出其他设备，然后重新登录。',
    session_issuance_limit: '请明天再试，或在站点控制台中登出其他设备后重新登录。',
    user_id_required: '请在账户设置中填写你的用户 ID（见站点控制台的个人设置）。',
    token_retired:
      '请在站点控制台新建访问令牌（个人设置 → 安全 → 访问令牌，以 nap_ 开头），然后交给此账户：编辑 → 新访问令牌。账户名称、提醒和密钥记录都保持不变。',
    token_expired:
      '请在站点控制台新建访问令牌（个人设置 → 安全 → 访问令牌），然后交给此账户：编辑 → 新访问令牌。账户的其他内容都不会改变。',
    route_undeclared: '请在站点控制台中操作，或改用密码（而非令牌）添加此账户。',
    session_required: '请在站点控制台中操作，或改用密码（而非令牌）添加此账户。',
  },
  key: {
    invalid: '请在网关上检查该密钥的状态和有效期，或换用其他密钥。',
    group_denied: '请网关管理员为该分组开放此接口，或换用其他分组的密钥。',
  },
  not_found: '请刷新列表后重试。',
  validation: '请修正标出的字段后重试。',
  wrong_base_address: '请检查账户的站点地址：它可能与 API 地址（…/v1）填反了。',
  unsupported: 'Keydesk 会显示此版本提供的内容；其余功能需站点管理员升级服务器。',
  model_not_found: '请换用其他模型，或请网关管理员为该分组启用它。',
  rate_limited: '请稍候；Keydesk 会自动重试读取。',
  network: '请检查网络连接和账户地址。',
  timeout: '请重试。如果反复出现，网关可能负载过高。',
  server: '请稍后重试，或告知网关管理员。',
  protocol: '请确认地址指向 one-api 或 new-api 网关。',
  vault: {
    locked: '请用口令解锁（设置 → 凭据保险库）。',
  },
  forbidden: '请使用 Keydesk 启动时输出的地址打开，或重新启动 Keydesk。',
  unavailable: '请在桌面应用中使用此功能。',
  internal: '请重试。如果反复出现，请重启 Keydesk 并附上日志反馈。',
};

/** new-api 访问令牌的各项权限在 Keydesk 中的用途（拒绝时所指的权限）。 */
export const scopeUses: MessageSchema['scopeUses'] = {
  profile_read: '读取余额、你的名称和分组',
  api_key_read: '列出和搜索密钥',
  api_key_write: '创建、编辑、启用、停用和删除密钥',
  api_key_reveal: '查看、复制和导出完整密钥',
  wallet_read: '读取订阅套餐',
  usage_read: '按模型统计调用（读取站点的使用日志）',
  other: '完成此操作',
};

/** 比错误代码更具体的说明（AppError.reason），带主进程送来的值（AppError.params）。 */
export const errorReasons: MessageSchema['errorReasons'] = {
  address: {
    empty: '请输入地址，例如 https://gateway.example.com。',
    not_web: '这不是网址：必须以 https://（或 http://）开头。',
    scheme: '只支持 http:// 和 https:// 地址。',
    credentials: '地址里不要包含用户名和密码。',
    query: '地址里不要包含 ? 和 # 部分。',
    too_long: '地址超过了 {max} 个字符。',
    characters: '地址中含有控制字符（制表符、换行或不可见的标记）。',
    base_url_not_management: '管理地址 {address} 不提供 /api/ 路径：请确认它不是调用模型的地址（…/v1）。',
    api_url_not_models: '调用模型的地址 {address} 不提供 /v1/ 路径：请确认它不是管理地址。',
    redirects: '{address} 会把每个请求转到 {target}：请在账户中改用该地址。',
  },
  network: {
    unreachable: '无法连接 {address}（{cause}）。',
    refused: '{address} 拒绝了连接：该地址和端口上没有服务在监听（{cause}）。',
    name_not_found: '找不到 {address} 中的主机名：请检查地址是否拼写正确（{cause}）。',
    no_route: '{address} 没有应答：连接超时，或没有通往该地址的路由（{cause}）。',
    reset: '与 {address} 的连接在应答之前被关闭（{cause}）。',
    certificate: '这台电脑不信任 {address} 的证书：证书可能是自签名的、已过期或签发给了其他域名（{cause}）。',
    tls: '与 {address} 的安全连接失败：如果该站点使用 http://，请改用该地址（{cause}）。',
    offline: '这台电脑当前没有联网（{cause}）。',
    proxy: '代理无法连接到 {address}：请检查系统的代理设置（{cause}）。',
    unsafe_port:
      '端口 {port} 属于网络客户端拒绝连接的端口，Keydesk 无法访问 {address}：请让网关改用其他端口（{cause}）。',
    failed: '无法连接 {address}。',
    cancelled: '请求已取消。',
    unsendable: '未发送任何内容：地址或凭据中含有网络请求无法携带的字符。',
  },
  server: {
    html_page: '网关返回了一个网页（HTTP {status}），而不是数据。',
  },
  protocol: {
    not_json: '网关的应答不是 Keydesk 能读取的数据（HTTP {status}）。',
    shape: '网关的应答格式与 Keydesk 预期的不符。',
    too_large: '网关的应答超过 {megabytes} MB，Keydesk 已停止读取。',
  },
  search: {
    invalid_characters: '{field}中含有搜索不允许的字符。',
    adjacent_wildcards: '{field}中不允许两个 % 相连（%%）。',
    too_many_wildcards: '{field}中最多只能有 {limit} 个 % 通配符。',
    too_few_bytes: '{field}除 % 外至少需要 {limit} 个字节（一个汉字即可，一个字母不够）。',
    exact_only: '网关拒绝了此账户带 % 的搜索：只接受精确搜索。',
  },
  input: {
    invalid: '“{field}”的值未被接受。',
    too_short: '“{field}”至少需要 {min} 个字符。',
    too_long: '“{field}”最多 {max} 个字符。',
    credential_characters: '其中含有控制字符或其他无法发送的字符。',
    label_length: '请给账户起一个 1 到 {max} 个字符的名称。',
    label_characters: '名称中含有控制字符（制表符、换行、转义符或不可见的标记）。',
    order_incomplete: '新的顺序必须恰好列出每个账户一次。',
    key_id: '密钥 ID 必须是正整数。',
    key_name_type: '名称必须是文本。',
    key_name_bytes: '名称长 {bytes} 字节；网关最多允许 {max} 字节：50 个字母或数字，或 16 个汉字。',
    unlimited_flag: '请选择密钥是否为无限额度。',
    quota_whole: '额度必须是整数个单位。',
    quota_negative: '额度不能为负数。',
    expiry_format: '过期时间无效。',
    expiry_past: '该过期时间已过，会立即停用密钥。请选择将来的时间或“永不过期”，或有意选择“立即过期”。',
    expiry_past_new: '过期时间已过：新密钥将无法使用。请选择将来的时间或“永不过期”。',
    ip_list: '不是 IP 地址或 CIDR 网段：{values}。每行填写一个地址。',
    subnet_list:
      '该站点只接受 IP 网段，以下无法保存：{values}。请写成“地址/前缀长度”（如 10.0.0.0/24）；单独的地址会保存为 /32。',
    quota_on_unlimited: '该密钥为无限额度：增加额度不会有任何变化。',
    amount_too_large: '金额太大。',
    request_too_large: '请求过大。',
    request_not_json: '无法读取该请求。',
    unknown_channel: 'Keydesk 不认识这个请求。',
  },
  key: {
    enable_expired: '该密钥已过期，不能直接启用。请先把过期时间改到将来或设为永不过期（“延期并启用”可一步完成）。',
    name_too_long_for_site: '该站点的名称上限较短：最多 {max} 字节（即 {max} 个字母或数字，每个汉字占 3 字节）。',
    enable_exhausted: '该密钥额度已用完，不能直接启用。请先增加额度或设为无限额度（“延期并启用”可一步完成）。',
  },
  auth: {
    scope_missing: '它缺少 {scope}，Keydesk 用它来{use}；其他权限允许的操作照常可用。',
    token_unknown: '站点不认识这个访问令牌：它已在站点控制台中被删除或替换，或属于其他站点。',
    user_disabled: '站点已停用此凭据所属的用户。',
  },
  account: {
    not_password: '只有使用密码的账户需要登录。',
    token_expiry_past: '该过期日期已过：请填写站点控制台为此令牌显示的日期，或留空。',
    other_user:
      '此凭据属于站点上的另一个用户（用户 ID {userId}）：请为此账户提供它自己用户的凭据，或把那个用户添加为新账户。',
    kind_fixed: '账户的凭据类型不能更改。',
    watched_key_only: '监视的密钥不提供账户权限：要管理密钥，请添加账户本身。',
    no_watched_key: '该账户没有监视的密钥。',
    enter_password: '请输入密码。',
    enter_key: '请重新输入 API 密钥。',
    sign_in_step_expired: '此登录步骤已过期，请重新开始登录。',
    not_found: '该账户已不存在。',
    key_not_found: '这些密钥一个也没有找到。',
    auto_sign_in_spent:
      'Keydesk 每天最多自动登录一次，以免新会话过多导致站点把你锁在外面；下一次自动登录在 {hours} 小时后。请现在手动登录以继续。',
    password_not_remembered:
      '站点结束了会话，而密码没有被记住，Keydesk 无法自动登录。请登录，并勾选“记住密码”以允许自动登录。',
    signed_out: '你已退出此账户。请登录后再使用。',
    no_credential: 'Keydesk 没有保存此账户的凭据（已退出、恢复时未包含凭据，或其保险库条目已丢失）：请登录或重新输入。',
  },
  models: {
    no_probe_key: '该账户没有可用于查询模型的已启用密钥。请先创建一个密钥。',
    no_probe_key_in_group: '分组“{group}”中没有可用于查询模型的已启用密钥。',
    only_narrowed_keys:
      '该站点没有自带的模型列表，而分组“{group}”中的已启用密钥都只允许部分模型，无法由此看到该分组提供的全部模型。请在该分组创建一个不限制模型的密钥。',
  },
  vault: {
    passphrase_not_entered: 'Keydesk 启动后还没有输入保险库口令。',
    session_only_earlier: '它只为之前的一次会话保存过。',
    backend_unavailable: '它由 {backend} 加密，而该方式现在不可用；请重新输入。',
    undecryptable: '无法用 {backend} 解密已保存的凭据（密钥已变化或文件被改动）；请重新输入。',
    refused: '保险库拒绝保存。',
    wrong_passphrase: '口令不正确。',
  },
  bridge: {
    untrusted_sender: '该请求不是来自 Keydesk 自己的窗口。',
    launch_code_used: '该启动地址已使用过；请打开 Keydesk 最后打印的地址。',
    host_not_allowed: '此页面的地址不是 Keydesk 的。',
    no_session: '此页面没有 Keydesk 会话：请打开 Keydesk 打印的地址（每个地址只能打开一次）。',
    no_handler: '此模式下不可用。',
    quitting: 'Keydesk 正在退出，不再接受新的请求。',
  },
  exports: {
    not_listed: '该文件已不在列表中。',
    changed: '该文件在 Keydesk 写入后已被改动，Keydesk 不会动它：请自行删除，或将其从列表中移除。',
  },
  handoff: {
    no_app: '这台电脑上没有应用注册处理 {scheme} 链接。请安装该应用（或先启动一次以完成注册）后重试。',
    env_unrepresentable: '{name} 中含有 .env 文件无法让所有读取方原样读回的字符（引号、反斜杠或换行），请换一个目标。',
  },
  notify: {
    no_threshold: '请先为此账户设置余额偏低阈值（编辑阈值）：写入站点的就是这个金额。',
    no_destination: '站点尚未保存 {channel} 的地址：请填写一个。',
  },
  mode: {
    no_clipboard: '浏览器模式没有自己的剪贴板：请显示单个密钥，从页面上复制。',
    no_link_opener: '打开其他应用需要 Keydesk 桌面版；请改为保存文件。',
  },
  updates: {
    nothing_to_download: '没有等待下载的更新。',
    cannot_download: '此版本无法下载更新。',
    nothing_to_install: '没有已下载、等待安装的更新。',
    mirror_invalid: '镜像地址必须是 https 地址，且不含用户名、查询参数或片段。',
    unavailable: '此 Keydesk 副本不提供更新。',
  },
  backup: {
    wrong_passphrase: '此口令无法打开这个备份。',
    damaged: '备份文件已损坏（被截断、追加或改动），无法信任。未做任何更改。',
    unsupported_version: '此备份由更新版本的 Keydesk 生成，或采用了本版本不接受的格式。',
    not_backup: '这不是 Keydesk 备份文件。',
    too_large: '此文件超过了 Keydesk 备份的大小上限（最多 {kilobytes} KB）。',
    expired: '这个备份已不再打开，请重新选择文件。',
    cancelled: '恢复已取消，没有做任何更改。',
  },
  sync: {
    address: '文件夹地址必须是 https（http 仅限本机），且不能包含用户名、查询参数或片段。',
    not_configured: '这台电脑尚未设置同步。',
    vault_locked: '同步口令和应用密码保存在保险库中，而保险库已锁定。',
    unauthorized: 'WebDAV 服务器拒绝了用户名或应用密码（HTTP {status}）。',
    folder_missing: '服务器上不存在该文件夹（或其上级文件夹）（HTTP {status}）。',
    server_full: 'WebDAV 服务器空间已满（HTTP {status}）。没有丢失任何内容，等待发送的更改会在下次同步时发送。',
    server_error: 'WebDAV 服务器出错（HTTP {status}），Keydesk 稍后会重试。',
    unreachable: 'WebDAV 服务器没有响应，Keydesk 稍后会重试，等待发送的内容不会丢失。',
    timeout: 'WebDAV 服务器响应超时，Keydesk 稍后会重试。',
    too_large: '服务器发送的内容超过了 Keydesk 从同步文件夹读取的上限。',
    not_webdav: '返回的不是 WebDAV 响应：请检查文件夹地址。',
    conditional_ignored:
      '这个服务器覆盖了它被要求不要覆盖的文件（它忽略 {step}），两台电脑可能互相覆盖修改。Keydesk 不会通过它同步。',
    weak_etags: '这个服务器不提供强 ETag，Keydesk 无法保证写入不会与其他电脑冲突。',
    folder_in_use: '这个文件夹已经有 Keydesk 同步：请改为加入它。',
    folder_empty: '这个文件夹中还没有 Keydesk 同步：请改为设置同步。',
    wrong_passphrase: '此口令无法打开这个同步文件夹。',
    newer_format: '这个同步文件夹由更新版本的 Keydesk 创建。',
    folder_changed: '文件夹的加密已不是这台电脑加入时的那一个。',
    conflict_gone: '这个冲突已经解决。',
    busy: '其他电脑同时在写入，Keydesk 稍后会重试。',
  },
  rate: {
    local_budget:
      '该站点每 20 分钟允许 20 次登录、查看密钥和读取密钥用量；Keydesk 自己的检查最多用其中 6 次，且从不用最后 6 次：其余都留给你。',
    search_budget: '该站点每分钟允许 10 次密钥搜索；Keydesk 最多发送 8 次，给浏览器留 2 次。',
    site_critical: '站点拒绝了：该地址每 20 分钟只允许 20 次登录、查看密钥和读取密钥用量，浏览器中的也计算在内。',
    site_search: '站点拒绝了：该地址每分钟只允许 10 次密钥搜索。',
  },
  import: {
    file_too_large: '文件超过 {megabytes} MB，请拆分成较小的文件。',
    not_recognised: '这既不是 All API Hub 备份，也不是含有 name、base_url、kind、credential 列的 CSV。',
    not_json: '文件看起来是 JSON，但不是有效的 JSON。',
    version_unsupported: 'Keydesk 无法读取 All API Hub 备份版本 {version}（支持 1.0 至 4.0）。',
    no_accounts: '文件中没有账户。',
    csv_header: 'CSV 第一行缺少列：{columns}。',
    csv_unterminated_quote: '第 {line} 行开始的带引号字段没有结束。',
    preview_expired: '此预览已过期或已使用，请重新选择文件。',
    missing_field: '该行缺少 {field}。',
    kind_unknown: '未知类型“{kind}”：请使用 password、access_token 或 api_key。',
    site_type_unsupported: 'Keydesk 支持 one-api 和 new-api 站点；“{type}”使用的是另一种接口。',
    cookie_session: '此账户用浏览器 Cookie 登录，Keydesk 无法使用：请用密码或访问令牌添加。',
    no_credential: '该行没有密码、访问令牌或密钥。',
    user_id_invalid: '用户 ID 必须是大于零的整数。',
    second_factor: '此账户需要二次验证：请手动添加以完成验证。',
    cancelled: '导入已取消，没有保存任何内容。',
  },
  record: {
    invalid: '它的{field}不是账户可以使用的值。',
    credential: '它保存的凭据与这种账户不符。',
    duplicate: '文件中把这个账户列了两次，只保留第一次。',
  },
  /** 无法指明字段时的 input.too_short 和 input.too_long：只说限制。 */
  unnamed: {
    too_short: '有一个值至少需要 {min} 个字符。',
    too_long: '有一个值最多 {max} 个字符。',
  },
  allowance: {
    needs_management: '单独监视的密钥没有密钥管理权限：额度计划和轮换需要密码或访问令牌账户。',
    refill_needs_limit: '这个密钥是无限额度：请改为设置上限，Keydesk 运行时会执行它。',
    cap_needs_unlimited: '这个密钥有额度：请改为设置由站点补充的额度计划。',
    cap_not_counted: 'one-api 不统计无限额度密钥的消耗，上限永远不会达到。请给密钥设置额度并使用额度计划。',
    cap_needs_tracking: '上限依靠“跟踪每个密钥的消耗”来统计消耗，而这个账户没有开启：请在账户页开启。',
    time_zone: '“{zone}”不是本系统认识的时区。',
    too_many: 'Keydesk 最多保存 {max} 个额度计划：请先删除一个。',
  },
  rotation: {
    running: '这个密钥的轮换已在进行中：请从密钥详情中打开它。',
    twin_not_found: '新密钥已创建，但在密钥列表中无法分辨出来：再次轮换前请先检查列表。',
    create_unconfirmed: '创建新密钥时 Keydesk 停止了，新密钥可能已经存在：再次轮换前请先检查密钥列表。',
    not_disabled: '只有在轮换停用旧密钥之后才能删除它。',
  },
  /** 说明中可能提到的字段名（params.field）。 */
  fields: {
    password: '密码',
    keyword: '名称搜索',
    token: '密钥搜索',
    kind: '类型',
    username: '用户名',
    userId: '用户 ID',
    keyHint: '监视的密钥',
    yuanPerUsd: '人民币汇率',
    thresholds: '提醒阈值',
    passphrase: '口令',
    label: '名称',
    baseUrl: '站点地址',
    apiUrl: 'API 地址',
  },
  /** 批量操作的第一个失败：涉及哪个密钥。 */
  forKey: '密钥 #{id}',
};

/** 保险库为何使用当前方式（VaultStatus.reasons）。 */
export const vaultNotes: MessageSchema['vaultNotes'] = {
  safe_storage_desktop_only: 'Electron safeStorage 只在桌面应用中可用。',
  safe_storage_macos: 'macOS 钥匙串通过 Electron safeStorage 保护保险库。',
  safe_storage_windows: 'Windows DPAPI 通过 Electron safeStorage 保护保险库。',
  safe_storage_linux: '桌面密钥环（libsecret / KWallet）通过 Electron safeStorage 保护保险库。',
  safe_storage_unavailable: 'Electron safeStorage 报告加密不可用。',
  safe_storage_basic_text: 'Electron 在 Linux 上的 basic_text 方式不保护数据（未找到密钥环）。',
  safe_storage_unknown_backend: 'Electron safeStorage 无法识别它在 Linux 上的后端。',
  keyring_macos: 'macOS 钥匙串保管保险库密钥。',
  keyring_windows: 'Windows 凭据管理器保管保险库密钥。',
  keyring_linux: 'Secret Service（GNOME 密钥环 / KWallet）保管保险库密钥。',
  keyring_not_configured: '未配置系统密钥环。',
  keyring_no_secret_service: '在 D-Bus 上找不到 Secret Service。',
  keyring_unavailable: '系统密钥环不可用。',
  keyring_format: '系统密钥环中的保险库密钥格式不符。',
  passphrase_set: '保险库由口令保护。',
  passphrase_none: '尚未设置口令。',
  memory_session_only: '机密只在本次会话中保存。',
  written_with: '保险库就是用它写入的。',
};
