// WCAG 2.x text contrast measured from the rendered colours: each visible element's own text (text nodes, input
// values, placeholders) against the first opaque background behind it, translucent layers and opacity blended in.
import type { Page } from '@playwright/test';

export interface Measured {
  /** A short CSS path to the element, for the report. */
  readonly selector: string;
  readonly text: string;
  /** What was measured: the element's text, an input's value, or its placeholder. */
  readonly kind: 'text' | 'value' | 'placeholder';
  /** The text's colour as rendered (alpha and opacity blended) and the background it sits on, as rgb(). */
  readonly colour: string;
  readonly background: string;
  readonly ratio: number;
  /** 4.5, or 3 for large text (≥ 24 px, or ≥ 18.66 px bold). */
  readonly required: number;
}

export interface Skipped {
  readonly selector: string;
  readonly text: string;
  /** Why no ratio can be computed honestly from colours alone. */
  readonly reason: 'background-image' | 'unparsed-colour';
}

export interface ContrastReport {
  readonly measured: Measured[];
  readonly skipped: Skipped[];
}

export interface ContrastOptions {
  /** Only elements whose ink is clearly red (error text, whatever drew it). */
  readonly redOnly?: boolean;
}

/** The little of the DOM the measurement reads (the test project's types have no DOM library). */
interface PageNode {
  readonly nodeType: number;
  readonly textContent: string | null;
}
interface PageStyle {
  readonly color: string;
  readonly backgroundColor: string;
  readonly backgroundImage: string;
  readonly opacity: string;
  readonly visibility: string;
  readonly fontSize: string;
  readonly fontWeight: string;
}
interface PageElement extends PageNode {
  readonly tagName: string;
  readonly id: string;
  readonly className: unknown;
  readonly parentElement: PageElement | null;
  readonly childNodes: ArrayLike<PageNode>;
  readonly value?: string;
  readonly placeholder?: string;
  readonly type?: string;
  getAttribute(name: string): string | null;
  getClientRects(): { readonly length: number };
}
interface PageWindow {
  readonly getComputedStyle: (element: PageElement, pseudo?: string) => PageStyle;
  readonly document: {
    getAnimations(): { readonly playState: string; readonly effect: { getTiming(): { iterations: number } } | null }[];
  };
}

/**
 * Waits until no transition or finite animation is running: a fade in flight would be measured half-transparent.
 * Endless ones (a spinner, a skeleton's shimmer) never finish and are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (globalThis as unknown as PageWindow).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Measures every visible element with text of its own inside `scope` (every match of the selector). */
export async function measureContrast(
  page: Page,
  scope = 'body',
  options: ContrastOptions = {},
): Promise<ContrastReport> {
  await settle(page);
  const reports = await page.locator(scope).evaluateAll(
    (roots, { redOnly }) => {
      const { getComputedStyle } = globalThis as unknown as PageWindow;
      const TEXT_NODE = 3;
      interface Rgba {
        readonly r: number;
        readonly g: number;
        readonly b: number;
        readonly a: number;
      }
      /** rgb()/rgba() as Chromium serialises computed colours; color(srgb …) from color-mix(); null for others. */
      const parse = (css: string): Rgba | null => {
        const rgb = /^rgba?\(([^)]+)\)$/.exec(css.trim());
        const srgb = /^color\(srgb ([^)]+)\)$/.exec(css.trim());
        const body = rgb?.[1] ?? srgb?.[1];
        if (body === undefined) return null;
        const [r = 0, g = 0, b = 0, a = 1] = body
          .split(/[,\s/]+/)
          .filter(Boolean)
          .map(Number);
        const scale = srgb ? 255 : 1;
        return { r: r * scale, g: g * scale, b: b * scale, a };
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
      const css = ({ r, g, b }: Rgba): string => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
      const pathOf = (element: PageElement): string => {
        const parts: string[] = [];
        for (let node: PageElement | null = element; node && parts.length < 3; node = node.parentElement) {
          const testId = node.getAttribute('data-testid');
          const classes = typeof node.className === 'string' ? node.className.trim().split(/\s+/).slice(0, 2) : [];
          let part = node.tagName.toLowerCase();
          if (testId) part += `[data-testid=${testId}]`;
          else if (node.id) part += `#${node.id}`;
          else if (classes[0]) part += `.${classes.join('.')}`;
          parts.unshift(part);
          if (testId || node.id) break;
        }
        return parts.join(' > ');
      };
      /** The product of the opacities of a node and its ancestors: the group alpha it is painted with. */
      const opacityOf = (element: PageElement): number => {
        let alpha = 1;
        for (let node: PageElement | null = element; node; node = node.parentElement)
          alpha *= Number(getComputedStyle(node).opacity);
        return alpha;
      };
      type Background = Rgba | 'background-image' | 'unparsed-colour';
      /**
       * The first opaque background up the tree (painted at full opacity), with the translucent ones on the way —
       * translucent colours, or opaque ones inside a group with opacity, as a disabled button — blended over it.
       */
      const backgroundOf = (element: PageElement): Background => {
        const layers: Rgba[] = [];
        for (let node: PageElement | null = element; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.backgroundImage !== 'none') return 'background-image';
          const colour = parse(style.backgroundColor);
          if (!colour) return 'unparsed-colour';
          if (colour.a === 0) continue;
          const layer = { ...colour, a: colour.a * opacityOf(node) };
          layers.push(layer);
          if (layer.a >= 1) break;
        }
        let result: Rgba = { r: 255, g: 255, b: 255, a: 1 };
        for (const layer of layers.reverse()) result = over(layer, result);
        return result;
      };
      const isRed = ({ r, g, b }: Rgba): boolean => r > 120 && r > g + 50 && r > b + 40;
      const measured: unknown[] = [];
      const skipped: unknown[] = [];
      const seen = new Set<PageElement>();
      for (const root of roots as unknown as PageElement[]) {
        const all = [
          root,
          ...Array.from(
            (root as unknown as { querySelectorAll(s: string): ArrayLike<PageElement> }).querySelectorAll('*'),
          ),
        ];
        for (const element of all) {
          if (seen.has(element)) continue;
          seen.add(element);
          const style = getComputedStyle(element);
          if (element.getClientRects().length === 0 || style.visibility !== 'visible') continue;
          const tag = element.tagName.toLowerCase();
          if (['script', 'style', 'noscript', 'template', 'svg'].includes(tag)) continue;
          const texts: { kind: 'text' | 'value' | 'placeholder'; text: string; ink: string }[] = [];
          if (tag === 'input' || tag === 'textarea') {
            const hidden = ['hidden', 'checkbox', 'radio', 'range', 'color', 'file'].includes(element.type ?? '');
            const value = (element.value ?? '').trim();
            const placeholder = (element.placeholder ?? '').trim();
            if (!hidden && value !== '') texts.push({ kind: 'value', text: value, ink: style.color });
            if (!hidden && value === '' && placeholder !== '')
              texts.push({
                kind: 'placeholder',
                text: placeholder,
                ink: getComputedStyle(element, '::placeholder').color,
              });
          } else {
            const own = Array.from(element.childNodes)
              .filter((node) => node.nodeType === TEXT_NODE)
              .map((node) => node.textContent ?? '')
              .join(' ')
              .replace(/\s+/g, ' ')
              .trim();
            if (own !== '') texts.push({ kind: 'text', text: own, ink: style.color });
          }
          if (texts.length === 0) continue;
          const alpha = opacityOf(element);
          if (alpha === 0) continue;
          const selector = pathOf(element);
          for (const { kind, text, ink: inkCss } of texts) {
            const shown = text.slice(0, 60);
            const ink = parse(inkCss);
            // A native placeholder drawn transparent is not shown: Naive UI draws its own, measured as text.
            if (kind === 'placeholder' && ink?.a === 0) continue;
            if (redOnly && (!ink || !isRed(ink))) continue;
            const background = backgroundOf(element);
            if (!ink || background === 'unparsed-colour') {
              skipped.push({ selector, text: shown, reason: 'unparsed-colour' });
              continue;
            }
            if (background === 'background-image') {
              skipped.push({ selector, text: shown, reason: 'background-image' });
              continue;
            }
            const rendered = over({ ...ink, a: ink.a * alpha }, background);
            const hi = Math.max(luminance(rendered), luminance(background));
            const lo = Math.min(luminance(rendered), luminance(background));
            const size = parseFloat(style.fontSize);
            const bold = Number(style.fontWeight) >= 700;
            const large = size >= 24 || (bold && size >= 18.66);
            measured.push({
              selector,
              text: shown,
              kind,
              colour: css(rendered),
              background: css(background),
              ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100,
              required: large ? 3 : 4.5,
            });
          }
        }
      }
      return { measured, skipped };
    },
    { redOnly: options.redOnly ?? false },
  );
  return reports as unknown as ContrastReport;
}

/** The measured texts below their required ratio, one line each: where, what, which colours, how far off. */
export function contrastFailures(report: ContrastReport, look: string): string[] {
  return report.measured
    .filter((m) => m.ratio < m.required)
    .map(
      (m) =>
        `${look}: ${m.selector} ${m.kind} "${m.text}" ${m.colour} on ${m.background} = ${m.ratio}:1 (needs ${m.required}:1)`,
    );
}
