// Handlers of the watch: channels (which key can call a model, what expires soon). Thin.
import { z } from 'zod';
import type { Router } from '../../bridge/router';
import type { WatchService } from './watch.service';

export function registerWatchHandlers(router: Router, watch: WatchService): void {
  router.handle(
    'watch:whoCanCall',
    z.strictObject({ model: z.string().trim().min(1).max(200), fresh: z.boolean().optional() }),
    (a) => watch.whoCanCall(a.model, a.fresh ?? false),
  );
  router.handle('watch:expiring', z.strictObject({ fresh: z.boolean().optional() }), (a) =>
    watch.expiring(a.fresh ?? false),
  );
}
