// The store engine of the desktop app: electron-store (conf under Electron), writing in the data folder. Imports
// the electron module, so only the Electron entry may load this file.
import ElectronStore from 'electron-store';
import { confStoreFile, RAW_FILE_OPTIONS, type RawDocument, type StoreEngine } from '../store-engine';

export function electronStoreEngine(): StoreEngine {
  return {
    name: 'electron-store',
    // An absolute cwd is used as is (relative ones would resolve under app.getPath('userData')).
    open: (dir, fileName) =>
      confStoreFile(new ElectronStore<RawDocument>({ ...RAW_FILE_OPTIONS, cwd: dir, name: fileName })),
  };
}
