// The browser-mode store engine (conf) against the store port's contract.
import { confStoreEngine } from '../../../../../src-main/platform/node/conf.engine';
import { describeStoreEngineContract } from '../store-engine.contract';

describeStoreEngineContract('conf', confStoreEngine);
