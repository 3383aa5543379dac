// The agents feature: what `keydesk mcp` may ask the running app (agent-answers.ts, served on the local channel) and
// the two abilities the user switches on per account in Settings (agent-access.ts, the agents: channels).
import { z } from 'zod';
import { AGENT_ABILITIES, ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { Core } from '../../core';
import type { Feature } from '../feature';
import type { ChannelMethod } from '../channel/channel.server';
import { AgentAccess, EMPTY_AGENT_ACCESS, agentAccessSchema } from './agent-access';
import { AgentAnswers, type AgentAnswersDeps } from './agent-answers';

export interface AgentsFeature extends Feature {
  readonly access: AgentAccess;
  /** The local channel's methods for `keydesk mcp`. */
  readonly methods: Readonly<Record<string, ChannelMethod>>;
}

/** The services the answers read: the directory, keys, secrets, the watch, the spend tracker and the alerts. */
export type AgentsDeps = Omit<AgentAnswersDeps, 'access' | 'clock' | 'log'>;

export function createAgentsFeature(core: Core, deps: AgentsDeps): AgentsFeature {
  const access = new AgentAccess(
    // Unreadable is read as "nothing switched on": the safe side of an opt-in.
    core.store('agent-access', agentAccessSchema, EMPTY_AGENT_ACCESS, {
      reportAs: 'settings',
      corruptNote: 'agent abilities were unreadable; kept aside, every ability is off',
    }),
    deps.directory,
  );
  const answers = new AgentAnswers({ ...deps, access, clock: core.clock, log: core.log.child('agents') });
  return {
    access,
    methods: answers.methods(),
    register: (router: Router) => {
      router
        .handle('agents:access', noArgs, () => ok(access.view()))
        .handle(
          'agents:setAbility',
          z.strictObject({
            accountId: z.string().min(1).max(200),
            ability: z.enum(AGENT_ABILITIES),
            isOn: z.boolean(),
          }),
          (a) => ok(access.set(a.accountId, a.ability, a.isOn)),
        );
    },
    dispose: () => undefined,
  };
}
