// The store engine of both runtimes (atomic files) against the store port's contract.
import { atomicFileEngine } from '../../../../src-main/platform/atomic-file.engine';
import { describeStoreEngineContract } from './store-engine.contract';

describeStoreEngineContract('atomic-file', atomicFileEngine);
