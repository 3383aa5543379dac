// Issue 18 item 14 (and 8): red error text and muted text measured from the rendered colours in zh-CN dark and
// en-US light — WCAG AA's 4.5:1 against what is really behind them — on the Add account dialog after a refused
// sign-in, which also shows one error box only, in view.
import type { Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { invokeBridge } from './support/bridge';
import { expect, test } from './support/fixtures';
import { AccountsPage } from './pages/accounts.page';
import { KeysPage } from './pages/keys.page';

let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
});
test.afterAll(async () => {
  await gw.close();
});
test.beforeEach(async () => {
  await fetch(`${gw.admin_url}/reset`, { method: 'POST' });
});

interface Measured {
  readonly text: string;
  readonly ratio: number;
}

/** The little of the DOM the measurement reads (the test project's types have no DOM library). */
interface PageNode {
  readonly nodeType: number;
  readonly textContent: string | null;
}
interface PageElement extends PageNode {
  readonly parentElement: PageElement | null;
  readonly childNodes: ArrayLike<PageNode>;
  getClientRects(): { readonly length: number };
}
interface PageWindow {
  readonly getComputedStyle: (element: PageElement) => { color: string; backgroundColor: string; opacity: string };
  readonly document: { getAnimations(): { readonly playState: string }[] };
}
const TEXT_NODE = 3;

/**
 * The contrast of each element's own text against the colour really behind it: the first opaque background up the
 * tree with every translucent layer on the way blended in, and the text's alpha (and its ancestors' opacity) applied.
 */
async function contrasts(page: Page, selector: string, isRedOnly = false): Promise<Measured[]> {
  // Fades in flight would be measured half-transparent: wait until every transition has settled.
  await page.waitForFunction(() =>
    (globalThis as unknown as PageWindow).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
  const elementsOf = page.locator(selector);
  return elementsOf.evaluateAll(
    (found, { redOnly, textNode }) => {
      const elements = found as unknown as PageElement[];
      const { getComputedStyle } = globalThis as unknown as PageWindow;
      interface Rgba {
        readonly r: number;
        readonly g: number;
        readonly b: number;
        readonly a: number;
      }
      const parse = (css: string): Rgba => {
        const [r = 0, g = 0, b = 0, a = 1] = (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? '0 0 0 0')
          .split(/[,\s/]+/)
          .filter(Boolean)
          .map(Number);
        return { r, g, b, a };
      };
      const over = (top: Rgba, under: Rgba): Rgba => ({
        r: top.r * top.a + under.r * (1 - top.a),
        g: top.g * top.a + under.g * (1 - top.a),
        b: top.b * top.a + under.b * (1 - top.a),
        a: 1,
      });
      const luminance = ({ r, g, b }: Rgba): number => {
        const lin = (c: number): number => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const backgroundOf = (element: PageElement): Rgba => {
        const layers: Rgba[] = [];
        for (let node: PageElement | null = element; node; node = node.parentElement) {
          const colour = parse(getComputedStyle(node).backgroundColor);
          if (colour.a > 0) layers.push(colour);
          if (colour.a >= 1) break;
        }
        let result: Rgba = { r: 255, g: 255, b: 255, a: 1 };
        for (const layer of layers.reverse()) result = over(layer, result);
        return result;
      };
      // Red text: an element with text of its own whose ink is clearly red (whatever class or component drew it).
      const isRed = (element: PageElement): boolean => {
        const { r, g, b } = parse(getComputedStyle(element).color);
        const ownText = Array.from(element.childNodes).some(
          (n) => n.nodeType === textNode && (n.textContent ?? '').trim() !== '',
        );
        return ownText && r > 120 && r > g + 50 && r > b + 40;
      };
      return elements
        .filter((element) => (element.textContent ?? '').trim() !== '' && element.getClientRects().length > 0)
        .filter((element) => !redOnly || isRed(element))
        .map((element) => {
          let alpha = 1;
          for (let node: PageElement | null = element; node; node = node.parentElement)
            alpha *= Number(getComputedStyle(node).opacity);
          const background = backgroundOf(element);
          const ink = parse(getComputedStyle(element).color);
          const text = over({ ...ink, a: ink.a * alpha }, background);
          const hi = Math.max(luminance(text), luminance(background));
          const lo = Math.min(luminance(text), luminance(background));
          return { text: (element.textContent ?? '').trim().slice(0, 40), ratio: (hi + 0.05) / (lo + 0.05) };
        });
    },
    { redOnly: isRedOnly, textNode: TEXT_NODE },
  );
}

for (const [language, theme] of [
  ['zh-CN', 'dark'],
  ['en-US', 'light'],
] as const) {
  test(`error and muted text meet 4.5:1 in ${language} ${theme}; one error box, in view (items 8, 14)`, async ({
    page,
    keydesk,
  }) => {
    await page.goto(keydesk.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect((await invokeBridge(page, 'settings:update', { language, theme })).ok).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    const accounts = new AccountsPage(page);
    await accounts.openAddForm();
    // An empty Add marks the fields in red; the hints beside them are the muted text.
    await accounts.submit();
    await expect(page.locator('.n-form-item-feedback--error').first()).toBeVisible();
    const fieldErrors = await contrasts(page, '.n-form-item-feedback--error');
    // Every red text on screen, whatever drew it (field marks, buttons, tags); later on the Accounts page too.
    const redText = await contrasts(page, 'body *', true);
    const mutedText = await contrasts(
      page,
      '.account-form__hint, .n-form-item-feedback:not(.n-form-item-feedback--error):not(.n-form-item-feedback--warning)',
    );

    // A refused sign-in: one error box, in view, and no remedy sending the user to a not-yet-added account's settings.
    await accounts.fill({
      kind: 'password',
      label: 'Wrong',
      baseUrl: gw.base_url,
      username: 'alice',
      password: 'not-the-password',
    });
    await accounts.submit();
    await expect(accounts.formError).toBeVisible();
    await expect(accounts.form.locator('.n-alert')).toHaveCount(1);
    await expect(accounts.formError).toBeInViewport();
    await expect(accounts.formError).not.toContainText(language === 'en-US' ? 'settings' : '设置');
    const alertText = await contrasts(page, '[data-error-code] .n-alert-body__title, [data-error-code] p');

    await page.getByTestId('account-cancel').click();
    await expect(accounts.form).toBeHidden();
    // The keys of an account with disabled, expired and exhausted keys: their red tags and amounts.
    const keys = new KeysPage(page);
    await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
    await keys.openAccount('Alice');
    await expect(keys.row('bulk-160')).toBeVisible();
    const pageRedText = await contrasts(page, 'body *', true);

    expect(redText.length).toBeGreaterThan(0);
    expect(fieldErrors.length).toBeGreaterThan(0);
    expect(alertText.length).toBeGreaterThan(1);
    expect(mutedText.length).toBeGreaterThan(0);
    for (const measured of [...fieldErrors, ...alertText, ...mutedText, ...redText, ...pageRedText])
      expect.soft(measured.ratio, measured.text).toBeGreaterThanOrEqual(4.5);
  });
}
