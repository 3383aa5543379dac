// Handlers of the import: channels. Thin: the input schema, then the service.
import { z } from 'zod';
import { MAX_IMPORT_CHARS } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { ImportService } from './import.service';

const previewId = z.strictObject({ previewId: z.uuid() });
const previewSchema = z.strictObject({
  fileName: z.string().max(500),
  // One over the limit so the service answers "too large" rather than a schema error.
  text: z.string().max(MAX_IMPORT_CHARS + 1),
});

export function registerImportHandlers(router: Router, service: ImportService): void {
  router
    .handle('import:preview', previewSchema, (a) => service.preview(a.fileName, a.text))
    .handle('import:chooseFile', noArgs, () => service.chooseFile())
    .handle('import:confirm', previewId, (a) => service.confirm(a.previewId))
    .handle('import:cancel', previewId, (a) => service.cancel(a.previewId));
}
