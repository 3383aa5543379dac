// The first frame's data as main put it into the page (browser mode, served to a page holding this launch's session):
// read once, before anything asks main for it, and taken out of the document. Absent in Electron and on a page
// opened with a launch code; then the start asks for app:firstFrame instead.
import { FIRST_FRAME_ELEMENT_ID, type FirstFrame } from '../../src-shared/contract';

const isResult = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';

/** The page's first frame, or null when it has none (or not one this build understands). */
export function readPageFirstFrame(doc: Document): FirstFrame | null {
  const element = doc.getElementById(FIRST_FRAME_ELEMENT_ID);
  if (element === null) return null;
  element.remove();
  try {
    const value = JSON.parse(element.textContent) as Partial<Record<keyof FirstFrame, unknown>> | null;
    if (value === null || !isResult(value.settings) || !isResult(value.accounts) || !isResult(value.balances))
      return null;
    return value as FirstFrame;
  } catch {
    return null;
  }
}

/** This page's, taken when the module is first imported (the bridge and the start both read it). */
export const pageFirstFrame: FirstFrame | null = typeof document === 'undefined' ? null : readPageFirstFrame(document);
