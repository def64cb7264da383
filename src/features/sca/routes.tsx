// Routes of the SCA feature: the callback pages a bank's redirect SCA returns the browser to.
import type { RouteObject } from 'react-router-dom';

export const scaRoutes: RouteObject[] = [];
