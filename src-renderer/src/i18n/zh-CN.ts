// Simplified Chinese (zh-CN) messages. Typed by the en-US schema, so a missing or extra key fails to compile.
import type { MessageSchema } from './en-US';

const zhCN: MessageSchema = {
  app: {
    name: 'Keydesk',
    tagline: 'AI 网关密钥管理',
  },
  nav: {
    label: '分区',
    keys: '全部密钥',
    accounts: '账户',
    account: '账户与订阅',
    models: '模型与分组',
    settings: '设置',
  },
  sidebar: {
    accounts: '账户',
    manageAccounts: '管理账户',
    noAccounts: '还没有账户',
    noAccountsHint: '添加的每个账户都会显示在这里，附带余额和状态。',
    addAccount: '添加账户',
  },
  topBar: {
    search: '搜索',
    searchPlaceholder: '搜索',
    searchShortcut: '按 / 搜索',
    refresh: '刷新',
    nothingToRefresh: '暂无可刷新的内容：请先添加账户。',
  },
  empty: {
    keys: {
      title: '暂无密钥',
      body: '密钥从你的网关账户读取。添加账户后，它的 API 密钥会列在这里，并显示额度、状态和有效期。',
      action: '添加账户',
    },
    accounts: {
      title: '还没有账户',
      body: '一个账户把 Keydesk 连接到一个 one-api 或 new-api 网关：填写网关地址，再选择密码登录、系统访问令牌，或只监控单个 API 密钥。',
      notYet: '此预览版本暂不支持添加账户。',
    },
    account: {
      title: '未选择账户',
      body: '余额、用量和订阅按账户显示。请先添加账户，再在侧栏中选择它。',
      action: '添加账户',
    },
    models: {
      title: '未选择账户',
      body: '模型、分组及其价格来自账户所在的网关。请先添加账户，再在侧栏中选择它。',
      action: '添加账户',
    },
  },
  settings: {
    appearance: '外观',
    language: '语言',
    languageHint: '在你选择之前，Keydesk 跟随系统语言。',
    followSystem: '跟随系统',
    theme: '主题',
    themeHint: '跟随系统时，会随操作系统在浅色和深色之间切换。',
    themes: {
      system: '跟随系统',
      light: '浅色',
      dark: '深色',
    },
    saving: '正在保存…',
    loadFailed: '无法加载设置，当前显示默认值。',
    saveFailed: '更改未保存。',
    about: '关于',
    name: '名称',
    version: '版本',
    mode: '模式',
    platform: '平台',
    modes: {
      electron: '桌面应用',
      browser: '浏览器模式',
    },
    aboutFailed: '无法加载应用信息。',
  },
  common: {
    retry: '重试',
    details: '详情',
    unknown: '—',
  },
  errors: {
    auth: {
      expired: '登录已过期。',
      unauthorized: '网关拒绝了这些凭据。',
      scope_denied: '访问令牌缺少此操作所需的权限。',
      needs_sign_in: '此账户需要登录。',
      second_factor: '网关要求二次验证。',
    },
    key: {
      invalid: 'API 密钥被拒绝：无效、已过期或已禁用。',
      group_denied: '该密钥所在分组无权使用此网关接口。',
    },
    not_found: '未找到：可能已被删除，或属于其他账户。',
    validation: '部分输入未被接受。',
    wrong_base_address: '该地址的响应不像网关的管理地址。',
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
  },
  remedies: {
    auth: {
      expired: '请重新登录此账户。',
      unauthorized: '请在账户设置中检查用户名、密码或访问令牌。',
      scope_denied: '请创建具备该权限的系统访问令牌，或改用密码登录。',
      needs_sign_in: '请打开该账户并登录。',
      second_factor: '请输入身份验证器应用中的验证码。',
    },
    key: {
      invalid: '请在网关上检查该密钥的状态和有效期，或换用其他密钥。',
      group_denied: '请网关管理员为该分组开放此接口，或换用其他分组的密钥。',
    },
    not_found: '请刷新列表后重试。',
    validation: '请修正标出的字段后重试。',
    wrong_base_address: '请检查账户的基础地址：它可能与 API 地址（…/v1）填反了。',
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
  },
};

export default zhCN;
