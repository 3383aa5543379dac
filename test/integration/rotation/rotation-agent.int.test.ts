// Rotating a key an agent read (MCP reveal_key): Keydesk cannot push the twin into an agent, so the agent's place is
// in the plan and its step waits for the user, saying the agent holds the old key, while the other places go on.
import { describe, expect, it } from 'vitest';
import { value, useSeededGateway } from '../gateway/setup';
import { setBoth } from '../allowance/setup';
import { rotationApp } from './setup';

const START = Date.parse('2026-11-24T01:00:00Z');
const OLD = 1; // alice's "main"

const seeded = useSeededGateway();

describe('rotating a key an agent read', () => {
  it('lists the agent in the plan and leaves its step to the user, even when asked to repeat it', async () => {
    const app = rotationApp(seeded.gw, START);
    await setBoth(seeded.gw, app.clock, START);
    app.handoffRecords.addAgentRead('alice', OLD, 'fake-agent 1.0.0');
    value(await app.handoff.send('alice', OLD, 'cherry-studio', 0, 'open'));

    const plan = value(await app.rotation.plan('alice', OLD));
    expect(plan.handoffs.map((h) => [h.target, h.via, h.place])).toEqual([
      ['cherry-studio', 'open', 'Cherry Studio'],
      ['agent', 'reveal', 'fake-agent 1.0.0'],
    ]);

    const started = value(await app.rotation.start('alice', OLD, 60));
    await app.rotation.idle();
    const view = app.rotation.list('alice')[0];
    expect(view?.state).toBe('watching');
    const steps = view?.steps.filter((s) => s.kind === 'handoff') ?? [];
    expect(steps.map((s) => [s.handoff?.target, s.state, s.note])).toEqual([
      ['cherry-studio', 'done', null],
      ['agent', 'needs_you', 'agent_reads_again'],
    ]);
    const agentStep = steps[1]?.id ?? '';
    for (const via of [undefined, 'clipboard', 'file'] as const) {
      const repeated = value(await app.rotation.repeatStep(started.id, agentStep, via));
      expect(repeated.steps.find((s) => s.id === agentStep)).toMatchObject({
        state: 'needs_you',
        note: 'agent_reads_again',
      });
    }
    // Nothing was sent anywhere for the agent: the one link is Cherry Studio's, old and twin.
    expect(app.opened).toHaveLength(2);
    await app.close();
  });
});
