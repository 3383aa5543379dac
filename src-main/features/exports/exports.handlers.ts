// Handlers of the exports: channels: the files with full keys Keydesk wrote, listed, deleted or forgotten.
import { z } from 'zod';
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { ExportsService } from './exports.service';

const fileRef = z.strictObject({ id: z.string().min(1).max(64) });

export function registerExportsHandlers(router: Router, exports: ExportsService): void {
  router.handle('exports:list', noArgs, async () => ok(await exports.list()));
  router.handle('exports:delete', fileRef, ({ id }) => exports.delete(id));
  router.handle('exports:forget', fileRef, ({ id }) => exports.forget(id));
}
