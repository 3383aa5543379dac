// GET /api/status (no auth) of the non-spec profiles: the site's version and money settings, and the
// conversion of quota units into the site's display currency that the billing endpoints share.
import type { Hono } from 'hono';
import type { GatewayEnv } from './http';
import { ok } from './http';
import type { GatewayState } from './state';

/** controller/misc.go GetStatus, reduced to the fields Keydesk reads plus a few that every era has. */
export function statusView(state: GatewayState) {
  const s = state.settings.status;
  const common = {
    version: s.version ?? state.profile.version,
    system_name: 'Emulated Gateway',
    start_time: 0,
    quota_per_unit: s.quota_per_unit,
    display_in_currency: s.display_in_currency,
    ...(state.profile.hasTopUpPrice ? { price: s.price } : {}),
  };
  if (state.profile.money !== 'display-type') return common;
  return {
    ...common,
    quota_display_type: s.quota_display_type,
    usd_exchange_rate: s.usd_exchange_rate,
    custom_currency_symbol: s.custom_currency_symbol,
    custom_currency_exchange_rate: s.custom_currency_exchange_rate,
    stripe_unit_price: s.stripe_unit_price,
  };
}

export function registerStatusRoutes(app: Hono<GatewayEnv>, state: GatewayState): void {
  if (!state.profile.endpoints.status) return;
  app.get('/api/status', () => ok(statusView(state)));
}

/**
 * Quota units as the site displays money (controller/billing.go): USD = units ÷ quota_per_unit, CNY = that
 * × usd_exchange_rate, CUSTOM = that × custom rate, TOKENS = raw units. The old boolean era divides only when
 * display_in_currency is on.
 */
export function displayAmount(state: GatewayState, units: number): number {
  const s = state.settings.status;
  if (state.profile.money === 'currency-flag') return s.display_in_currency ? units / s.quota_per_unit : units;
  const usd = units / s.quota_per_unit;
  switch (s.quota_display_type) {
    case 'USD':
      return usd;
    case 'CNY':
      return usd * s.usd_exchange_rate;
    case 'CUSTOM':
      return usd * s.custom_currency_exchange_rate;
    case 'TOKENS':
      return units;
  }
}
