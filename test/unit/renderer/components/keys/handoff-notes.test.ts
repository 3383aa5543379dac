// Before a deep link carries a key where the system would put it on a command line (Linux, Windows), the hand-off
// says so and names the way that keeps it off; on macOS (an Apple event) and where nothing is opened, it says nothing.
import { describe, expect, it } from 'vitest';
import type { HandoffPreview } from '../../../../../src-shared/contract';
import { commandLineNoteKey } from '../../../../../src-renderer/src/components/keys/handoff-notes';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';

const link = (target: HandoffPreview['target'], vias: HandoffPreview['vias'] = ['open', 'clipboard']) => ({
  kind: 'link' as const,
  target,
  vias,
});

describe('the command-line note of a deep link', () => {
  it('is said on Linux and Windows, with the way that keeps the key off the command line', () => {
    expect(commandLineNoteKey(link('cherry-studio'), 'linux')).toBe('handoff.commandLine.cherry');
    expect(commandLineNoteKey(link('cc-switch-claude'), 'win32')).toBe('handoff.commandLine.ccSwitch');
    expect(commandLineNoteKey(link('cc-switch-codex'), 'linux')).toBe('handoff.commandLine.ccSwitch');
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const t = createAppI18n(lang).global;
      expect(t.te('handoff.commandLine.cherry')).toBe(true);
      expect(t.t('handoff.commandLine.ccSwitch')).toMatch(/Claude Code/);
    }
  });

  it('is not said on macOS, for snippets, or where the link is not opened from here (browser mode)', () => {
    expect(commandLineNoteKey(link('cherry-studio'), 'darwin')).toBeNull();
    expect(commandLineNoteKey({ kind: 'snippet', target: 'env', vias: ['clipboard', 'file'] }, 'linux')).toBeNull();
    expect(commandLineNoteKey(link('cherry-studio', ['clipboard']), 'linux')).toBeNull();
    expect(commandLineNoteKey(null, 'linux')).toBeNull();
  });
});
