import type { RouteArea } from '../../core/route';
import { formRoutes } from './forms.routes';
import { requestTypeRoutes } from './request-types.routes';
import { requestRoutes } from './requests.routes';
import { sampleRoutes } from './samples.routes';

/**
 * Sample tracking (the platform's old-style controllers): 400 and 403 errors are JSON strings
 * ("400 text", "403 text"); updates answer the platform's [status, message] pair.
 */
export const sampleTrackingArea: RouteArea = {
  area: 'sample_tracking',
  routes: [...requestRoutes, ...sampleRoutes, ...formRoutes, ...requestTypeRoutes],
};
