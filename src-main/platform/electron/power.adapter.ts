// Power events from Electron's powerMonitor: waking from sleep and unlocking the screen are resume triggers.
import { powerMonitor } from 'electron';
import type { PowerPort } from '../ports';

export const electronPower: PowerPort = {
  onResume: (listener) => {
    powerMonitor.on('resume', listener);
    powerMonitor.on('unlock-screen', listener);
    return () => {
      powerMonitor.off('resume', listener);
      powerMonitor.off('unlock-screen', listener);
    };
  },
};
