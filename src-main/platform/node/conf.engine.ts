// The store engine of browser mode and tests: conf, electron-store's own engine, writing in the data folder.
import Conf from 'conf';
import { confStoreFile, RAW_FILE_OPTIONS, type RawDocument, type StoreEngine } from '../store-engine';

export function confStoreEngine(): StoreEngine {
  return {
    name: 'conf',
    open: (dir, fileName) =>
      confStoreFile(
        new Conf<RawDocument>({ ...RAW_FILE_OPTIONS, projectName: 'keydesk', cwd: dir, configName: fileName }),
      ),
  };
}
