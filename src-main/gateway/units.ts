// The units module is shared with the renderer, so it lives beside the contract; the gateway layer re-exports it.
export * from '../../src-shared/units';
