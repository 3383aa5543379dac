// The contract for what agents may do through `keydesk mcp` beyond reading: the two abilities the user switches on
// per account (off by default), their types and channels.

/** `reveal`: hand a key's full value to the agent; `disable`: turn a key off on the site. */
export const AGENT_ABILITIES = ['reveal', 'disable'] as const;
export type AgentAbility = (typeof AGENT_ABILITIES)[number];

export interface AgentAbilities {
  readonly reveal: boolean;
  readonly disable: boolean;
}

export interface AgentAccessView {
  /** Account id → its abilities; an account missing here has neither (the default). */
  readonly accounts: Readonly<Record<string, AgentAbilities>>;
}

/** Invoke channels of agents' abilities. */
export interface AgentsInvokeMap {
  'agents:access': { args: undefined; result: AgentAccessView };
  /** Switches one ability of one password or access-token account on or off. */
  'agents:setAbility': {
    args: { readonly accountId: string; readonly ability: AgentAbility; readonly isOn: boolean };
    result: AgentAccessView;
  };
}

export const AGENTS_CHANNELS: { readonly [C in keyof AgentsInvokeMap]: true } = {
  'agents:access': true,
  'agents:setAbility': true,
};
