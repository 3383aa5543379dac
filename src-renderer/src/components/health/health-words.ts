// How a key health result reads: its tone (the mark's colour, never the only signal: the state's words go with it),
// and the sentence that explains it. Shared by the keys table's mark, the drawer and the account card.
import type { KeyHealthState, KeyHealthView } from '../../../../src-shared/contract';
import type { Fill } from '../../i18n/fill';

export type HealthTone = 'success' | 'error' | 'warning' | 'default';

export function healthTone(state: KeyHealthState): HealthTone {
  if (state === 'works') return 'success';
  if (state === 'failed') return 'warning';
  if (state === 'not_held') return 'default';
  return 'error';
}

/** Whether the result says the key is refused (any refusal), for the account card's counts. */
export const isRefusal = (state: KeyHealthState): boolean => healthTone(state) === 'error';

/** The sentence under the state: what the site answered, in our words. */
export function explainHealth(view: KeyHealthView, fill: Fill): string {
  const model = view.model ?? '';
  switch (view.state) {
    case 'works':
      if (view.via === 'call') return fill('health.explain.worksCall', { model });
      return view.modelCount === 0
        ? fill('health.explain.worksNoModels')
        : fill('health.explain.works', { n: view.modelCount ?? 0 });
    case 'model_denied':
    case 'model_unavailable':
      return fill(`health.explain.${view.state}`, { model });
    default:
      return fill(`health.explain.${view.state}`);
  }
}
