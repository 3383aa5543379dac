// zh-CN messages: errors, rateWait, remediesInForm, remedies.
import type { MessageSchema } from '../en-US';

export const errors: MessageSchema['errors'] = {
  auth: {
    expired: '登录已过期。',
    unauthorized: '网关拒绝了这些凭据。',
    scope_denied: '访问令牌缺少此操作所需的权限。',
    needs_sign_in: '此账户需要登录。',
    second_factor: '网关要求二次验证。',
    session_revoked: '站点已结束此登录会话（密码已修改，或其他设备已被登出）。',
    session_limit: '站点为你保留的登录会话已达上限（new-api 为 50 个）。',
    session_issuance_limit: '站点今天为你新建的登录会话已达上限（new-api 为 100 个）。',
    user_id_required: '此站点要求在访问令牌之外提供你的用户 ID。',
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
    locked: '密钥库已锁定。',
  },
  forbidden: 'Keydesk 的通信桥拒绝了此请求。',
  unavailable: '当前模式下不可用。',
  internal: 'Keydesk 内部发生了意外错误。',
};

export const rateWait: MessageSchema['rateWait'] = {
  title: '正在等待站点的频率限制',
  body: '该站点每 20 分钟只允许 20 次登录和查看密钥 — {wait} 后可继续。',
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
  },
  wrong_base_address: '请检查上方的基础地址：它可能与 API 地址（…/v1）填反了。',
  network: '请检查网络连接和上方的基础地址。',
};

export const remedies: MessageSchema['remedies'] = {
  auth: {
    expired: '请重新登录此账户。',
    unauthorized: '请在账户设置中检查用户名、密码或访问令牌。',
    scope_denied: '请创建具备该权限的系统访问令牌，或改用密码登录。',
    needs_sign_in: '请打开该账户并登录。',
    second_factor: '请输入身份验证器应用中的验证码。',
    session_revoked: '请重新登录此账户。',
    session_limit: '请在站点控制台（个人设置 → 安全 → 会话）中登出其他设备，然后重新登录。',
    session_issuance_limit: '请明天再试，或在站点控制台中登出其他设备后重新登录。',
    user_id_required: '请在账户设置中填写你的用户 ID（见站点控制台的个人设置）。',
  },
  key: {
    invalid: '请在网关上检查该密钥的状态和有效期，或换用其他密钥。',
    group_denied: '请网关管理员为该分组开放此接口，或换用其他分组的密钥。',
  },
  not_found: '请刷新列表后重试。',
  validation: '请修正标出的字段后重试。',
  wrong_base_address: '请检查账户的基础地址：它可能与 API 地址（…/v1）填反了。',
  unsupported: 'Keydesk 会显示此版本提供的内容；其余功能需站点管理员升级服务器。',
  model_not_found: '请换用其他模型，或请网关管理员为该分组启用它。',
  rate_limited: '请稍候；Keydesk 会自动重试读取。',
  network: '请检查网络连接和账户地址。',
  timeout: '请重试。如果反复出现，网关可能负载过高。',
  server: '请稍后重试，或告知网关管理员。',
  protocol: '请确认地址指向 one-api 或 new-api 网关。',
  vault: {
    locked: '请输入口令解锁密钥库。',
  },
  forbidden: '请使用 Keydesk 启动时输出的地址打开，或重新启动 Keydesk。',
  unavailable: '请在桌面应用中使用此功能。',
  internal: '请重试。如果反复出现，请重启 Keydesk 并附上日志反馈。',
};
