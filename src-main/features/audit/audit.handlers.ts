// Handlers of the audit: channel. Thin: the arguments are checked, the service answers.
import { z } from 'zod';
import { AUDIT_WINDOWS_HOURS } from '../../../src-shared/contract';
import type { Router } from '../../bridge/router';
import type { AuditService } from './audit.service';

export function registerAuditHandlers(router: Router, audit: AuditService): void {
  router.handle(
    'audit:run',
    z.strictObject({
      accountId: z.string().min(1).max(200),
      windowHours: z.union(AUDIT_WINDOWS_HOURS.map((h) => z.literal(h))),
    }),
    (a) => audit.run(a.accountId, a.windowHours),
  );
}
